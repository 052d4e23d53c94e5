package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// argField is one string field of an argument form: a template's
// variable or a prompt's argument.
type argField struct {
	name, title, description string
	required                 bool
}

// argForm is the form of a resource template's variables or a prompt's
// arguments, built by schemaform from a schema of string fields, with the
// server's suggestions for the field being typed.
type argForm struct {
	ref    client.CompletionRef
	fields []argField
	form   *schemaform.Form
	model  *form.Model
	// err is toolbench's own word on the last attempt (a variable left
	// empty), shown under the form until the next attempt.
	err  string
	sugg suggestions
	// width and height are the form's size as last laid out.
	width, height int
}

// suggestions are the server's completions for one field.
type suggestions struct {
	// seq is the last completion asked for: answers to older ones are
	// dropped, as the person has typed on since.
	seq     int
	field   string
	values  []string
	total   *int
	hasMore bool
	pick    int
	err     string
	// last are the form's values when it was last looked at, to find the
	// field a key changed.
	last map[string]string
	// focus is the pointer of the field focused when it was last looked
	// at: moving to another field asks for that field's completions.
	focus string
}

// completeDelay is how long typing must pause before the server is asked
// for completions: one request per pause, not per key.
const completeDelay = 150 * time.Millisecond

// completeDueMsg is the end of a pause in typing into af.
type completeDueMsg struct {
	af  *argForm
	seq int
}

// completeDoneMsg is the server's completion for af's request seq.
type completeDoneMsg struct {
	af  *argForm
	seq int
	res *client.Completion
	err error
}

// newArgForm builds the form for fields; title is its first breadcrumb.
func newArgForm(st *theme.Styles, ref client.CompletionRef, title string, fields []argField) (*argForm, error) {
	schema, err := fieldsSchema(fields)
	if err != nil {
		return nil, fmt.Errorf("the form of %s: %w", title, err)
	}
	f, err := schemaform.Compile(schema)
	if err != nil {
		return nil, fmt.Errorf("the form of %s: %w", title, err)
	}
	af := &argForm{ref: ref, fields: fields, form: f, model: form.New(f, st)}
	af.model.SetTitle(title)
	af.sugg.last = af.values()
	return af, nil
}

// fieldsSchema is the JSON Schema of string fields, its properties in the
// fields' order (a map would sort them): the form shows them in that
// order, as the template or the prompt names them.
func fieldsSchema(fields []argField) ([]byte, error) {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	var required []string
	for i, f := range fields {
		p := map[string]any{"type": "string"}
		if f.description != "" {
			p["description"] = f.description
		}
		if f.title != "" {
			p["title"] = f.title
		}
		if f.required {
			p["minLength"] = 1
			required = append(required, f.name)
		}
		name, err := json.Marshal(f.name)
		if err != nil {
			return nil, err
		}
		prop, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(name)
		b.WriteByte(':')
		b.Write(prop)
	}
	req, err := json.Marshal(required)
	if err != nil {
		return nil, err
	}
	b.WriteString(`},"required":`)
	b.Write(req)
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// values are the fields given a value, by name.
func (af *argForm) values() map[string]string {
	out := map[string]string{}
	for _, f := range af.fields {
		if n := af.form.Root.Child(f.name); n != nil && n.IsSet() {
			out[f.name] = n.Text()
		}
	}
	return out
}

// fieldAt is the name of the field at pointer, or "".
func (af *argForm) fieldAt(pointer string) string {
	for _, f := range af.fields {
		if pointer == "/"+pointerToken(f.name) {
			return f.name
		}
	}
	return ""
}

// missing is the first required field without a value, or "".
func (af *argForm) missing() string {
	v := af.values()
	for _, f := range af.fields {
		if f.required && v[f.name] == "" {
			return f.name
		}
	}
	return ""
}

// submitArgForm checks af before it is sent: a required field left empty
// is named under the form (missing says why, given the field's name),
// marked beside the field and selected, and the form kept.
func (m *Model) submitArgForm(af *argForm, missing func(name string) string) bool {
	if af.model.Editing() {
		af.model.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	}
	af.model.Validate()
	name := af.missing()
	if name == "" {
		af.err = ""
		return true
	}
	af.err = missing(name)
	af.model.JumpTo("/" + pointerToken(name))
	return false
}

// pointerToken escapes a field's name as a JSON pointer token (RFC 6901).
func pointerToken(name string) string {
	return strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
}

// argFormKey passes a key to af's form, or takes it for the suggestions.
// It returns the form's action and what to run.
func (m *Model) argFormKey(af *argForm, msg tea.KeyPressMsg) (form.Action, tea.Cmd) {
	k, s := m.keys.Complete, &af.sugg
	switch {
	case key.Matches(msg, k.Next) && len(s.values) > 0:
		s.pick = (s.pick + 1) % len(s.values)
		return form.ActionNone, nil
	case key.Matches(msg, k.Prev) && len(s.values) > 0:
		s.pick = (s.pick + len(s.values) - 1) % len(s.values)
		return form.ActionNone, nil
	case key.Matches(msg, k.Accept):
		m.acceptSuggestion(af)
		return form.ActionNone, nil
	}
	action, cmd := af.model.Update(msg)
	return action, tea.Batch(cmd, m.askCompletion(af))
}

// acceptSuggestion writes the picked suggestion into its field.
func (m *Model) acceptSuggestion(af *argForm) {
	s := &af.sugg
	if len(s.values) == 0 {
		m.setStatus(levelInfo, "no suggestion to take")
		return
	}
	n := af.form.Root.Child(s.field)
	if n == nil {
		return
	}
	if af.model.Editing() {
		// Leave the field first, or its input would write its own text
		// back over the suggestion on the next key.
		af.model.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	}
	n.SetText(s.values[s.pick])
	s.last = af.values()
	s.values, s.pick = nil, 0
}

// askCompletion starts the pause after a key that changed a field or
// focused another (opening the form focuses its first); when it ends with
// nothing typed since, the server is asked. A server without completions
// is never asked.
func (m *Model) askCompletion(af *argForm) tea.Cmd {
	now := af.values()
	field := ""
	for _, f := range af.fields {
		if now[f.name] != af.sugg.last[f.name] {
			field = f.name
			break
		}
	}
	af.sugg.last = now
	if focus, ok := af.model.Focused(); ok && focus != af.sugg.focus {
		af.sugg.focus = focus
		if field == "" {
			field = af.fieldAt(focus)
		}
	}
	sess := m.conn.sess
	if field == "" || sess == nil || m.conn.phase != phaseReady || !sess.CanComplete() {
		return nil
	}
	s := &af.sugg
	s.seq++
	if s.field != field {
		s.values, s.pick, s.err = nil, 0, ""
	}
	s.field = field
	return m.timer(completeDelay, completeDueMsg{af: af, seq: s.seq})
}

// handleCompleteDue asks the server, unless the person typed on.
func (m *Model) handleCompleteDue(msg completeDueMsg) tea.Cmd {
	af := msg.af
	sess := m.conn.sess
	if af.sugg.seq != msg.seq || sess == nil || !sess.CanComplete() {
		return nil
	}
	values := af.values()
	field, value := af.sugg.field, values[af.sugg.field]
	delete(values, field)
	ref, seq := af.ref, msg.seq
	return func() tea.Msg {
		res, err := sess.Complete(background, ref, field, value, values)
		return completeDoneMsg{af: af, seq: seq, res: res, err: err}
	}
}

// handleCompleteDone shows the server's suggestions; an answer to an
// older request is dropped.
func (m *Model) handleCompleteDone(msg completeDoneMsg) tea.Cmd {
	s := &msg.af.sugg
	if s.seq != msg.seq {
		return nil
	}
	s.pick, s.err, s.values, s.total, s.hasMore = 0, "", nil, nil, false
	if msg.err != nil {
		s.err = msg.err.Error()
		return nil
	}
	if msg.res != nil {
		s.values, s.total, s.hasMore = msg.res.Values, msg.res.Total, msg.res.HasMore
	}
	return nil
}

// argFormLines draws af as sizeArgForm laid it out: the form, then its
// foot.
func (m *Model) argFormLines(af *argForm, width int) []string {
	return append(strings.Split(af.model.View(), "\n"), m.argFormFoot(af, width)...)
}

// argFormFoot is what sits under the form: the suggestions for the field
// being typed, and toolbench's error, if any.
func (m *Model) argFormFoot(af *argForm, width int) []string {
	var foot []string
	if line := m.suggestionLine(af, width); line != "" {
		foot = append(foot, line)
	}
	if af.err != "" {
		// The error quotes the server's names.
		foot = append(foot, m.st.Error.Render(render.Clip(termsafe.Line(af.err), width)))
	}
	return foot
}

// sizeArgForm gives af's form the rows of height its foot leaves; layout
// calls it, so View only draws.
func (m *Model) sizeArgForm(af *argForm, width, height int) {
	h := max(4, height-len(m.argFormFoot(af, width)))
	if af.width != width || af.height != h {
		af.width, af.height = width, h
		af.model.SetSize(width, h)
	}
}

// suggestionLine is "suggestions for city: › Paris · Berlin (+3 more)".
func (m *Model) suggestionLine(af *argForm, width int) string {
	s := af.sugg
	switch {
	case s.err != "":
		return m.st.Error.Render(render.Clip(termsafe.Line("completion/complete for "+s.field+": "+s.err), width))
	case len(s.values) == 0:
		return ""
	}
	parts := make([]string, len(s.values))
	for i, v := range s.values {
		parts[i] = termsafe.Line(v)
		if i == s.pick {
			parts[i] = "› " + parts[i]
		}
	}
	more := ""
	switch {
	case s.total != nil && *s.total > len(s.values):
		more = fmt.Sprintf(" (+%d more)", *s.total-len(s.values))
	case s.hasMore:
		more = " (more)"
	}
	k := m.keys.Complete
	head := "suggestions for " + termsafe.Line(s.field) + " (" + hint(k.Next, "")[0] + "/" + hint(k.Prev, "")[0] + " pick, " +
		hint(k.Accept, "")[0] + " take): "
	return m.st.Accent.Render(render.Clip(head+strings.Join(parts, " · ")+more, width))
}
