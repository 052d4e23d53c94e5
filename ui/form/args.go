package form

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// ArgField is one string field of an argument form: a resource
// template's variable or a prompt's argument.
type ArgField struct {
	Name, Title, Description string
	Required                 bool
}

// ArgKeys pick and take the server's suggestions under a field of an
// argument form.
type ArgKeys struct {
	Next, Prev, Accept key.Binding
}

// DefaultArgKeys are the suggestions' keys.
func DefaultArgKeys() ArgKeys {
	return ArgKeys{
		Next:   key.NewBinding(key.WithKeys("alt+down"), key.WithHelp("alt+↓", "next suggestion")),
		Prev:   key.NewBinding(key.WithKeys("alt+up"), key.WithHelp("alt+↑", "previous suggestion")),
		Accept: key.NewBinding(key.WithKeys("alt+enter", "ctrl+y"), key.WithHelp("alt+enter/ctrl+y", "take the suggestion into the field")),
	}
}

// Bindings lists the keys, for help.
func (k ArgKeys) Bindings() []key.Binding { return []key.Binding{k.Next, k.Prev, k.Accept} }

// ArgsConfig is what an argument form is made from.
type ArgsConfig struct {
	// Styles draw it; Title is its first breadcrumb.
	Styles *theme.Styles
	Title  string
	Fields []ArgField
	// Completer is how to ask the server for suggestions now, or nil
	// when it cannot be asked (no session, or no completions): then no
	// pause is even timed.
	Completer func() Completer
	// Timer is the command that delivers msg after d: the pause in
	// typing before the server is asked.
	Timer func(d time.Duration, msg tea.Msg) tea.Cmd
}

// Args is the form of a resource template's variables or a prompt's
// arguments: string fields edited with the form editor, with the
// server's suggestions (completion/complete) for the focused field.
type Args struct {
	cfg    ArgsConfig
	keys   ArgKeys
	form   *schemaform.Form
	model  *Model
	sugg   suggestions
	width  int
	height int
	// err is toolbench's own word on the last attempt (a variable left
	// empty), shown under the form until the next attempt.
	err string
}

// NewArgs builds the form of cfg's fields.
func NewArgs(cfg ArgsConfig) (*Args, error) {
	schema, err := fieldsSchema(cfg.Fields)
	if err != nil {
		return nil, fmt.Errorf("the form of %s: %w", cfg.Title, err)
	}
	f, err := schemaform.Compile(schema)
	if err != nil {
		return nil, fmt.Errorf("the form of %s: %w", cfg.Title, err)
	}
	a := &Args{cfg: cfg, keys: DefaultArgKeys(), form: f, model: New(f, cfg.Styles)}
	a.model.SetTitle(cfg.Title)
	a.sugg.last = a.Values()
	return a, nil
}

// fieldsSchema is the JSON Schema of string fields, its properties in the
// fields' order (a map would sort them): the form shows them in that
// order, as the template or the prompt names them.
func fieldsSchema(fields []ArgField) ([]byte, error) {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	var required []string
	for i, f := range fields {
		p := map[string]any{"type": "string"}
		if f.Description != "" {
			p["description"] = f.Description
		}
		if f.Title != "" {
			p["title"] = f.Title
		}
		if f.Required {
			p["minLength"] = 1
			required = append(required, f.Name)
		}
		name, err := json.Marshal(f.Name)
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

// Keys are the suggestions' keys, for the screen's help and hints.
func (a *Args) Keys() ArgKeys { return a.keys }

// SubmitKey is the form's own submit key, for the screen's hints.
func (a *Args) SubmitKey() key.Binding { return a.model.keys.Nav.Submit }

// BackKey is the form's own key that leaves it at the top, for hints.
func (a *Args) BackKey() key.Binding { return a.model.keys.Nav.Back }

// Values are the fields given a value, by name.
func (a *Args) Values() map[string]string {
	out := map[string]string{}
	for _, f := range a.cfg.Fields {
		if n := a.form.Root.Child(f.Name); n != nil && n.IsSet() {
			out[f.Name] = n.Text()
		}
	}
	return out
}

// Editing reports whether a field is being typed into.
func (a *Args) Editing() bool { return a.model.Editing() }

// missing is the first required field without a value, or "".
func (a *Args) missing() string {
	v := a.Values()
	for _, f := range a.cfg.Fields {
		if f.Required && v[f.Name] == "" {
			return f.Name
		}
	}
	return ""
}

// Submit checks the form before it is sent: a required field left empty
// is named under the form (missing says why, given the field's name),
// marked beside the field and selected, and the form kept. It reports
// whether the values may be sent.
func (a *Args) Submit(missing func(name string) string) bool {
	if a.model.Editing() {
		a.model.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	}
	a.model.Validate()
	name := a.missing()
	if name == "" {
		a.err = ""
		return true
	}
	a.err = missing(name)
	a.model.JumpTo("/" + jsondoc.EscapeToken(name))
	return false
}

// SetError shows text under the form until the next attempt.
func (a *Args) SetError(text string) { a.err = text }

// SetSize gives the form the rows of height its foot leaves.
func (a *Args) SetSize(width, height int) {
	h := max(4, height-len(a.foot(width)))
	if a.width != width || a.height != h {
		a.width, a.height = width, h
		a.model.SetSize(width, h)
	}
}

// Lines draws the form as SetSize laid it out: the form, then its foot.
func (a *Args) Lines(width int) []string {
	return append(strings.Split(a.model.View(), "\n"), a.foot(width)...)
}

// foot is what sits under the form: the suggestions for the focused
// field, and toolbench's error, if any.
func (a *Args) foot(width int) []string {
	var foot []string
	if line := a.suggestionLine(width); line != "" {
		foot = append(foot, line)
	}
	if a.err != "" {
		// The error quotes the server's names.
		foot = append(foot, a.cfg.Styles.Error.Render(render.Clip(termsafe.Line(a.err), width)))
	}
	return foot
}

// suggestionLine is "suggestions for city: › Paris · Berlin (+3 more)".
func (a *Args) suggestionLine(width int) string {
	s, st := a.sugg, a.cfg.Styles
	switch {
	case s.err != "":
		return st.Error.Render(render.Clip(termsafe.Line("completion/complete for "+s.field+": "+s.err), width))
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
	k := a.keys
	first := func(b key.Binding) string { return render.FirstKey(b.Help().Key) }
	head := "suggestions for " + termsafe.Line(s.field) + " (" + first(k.Next) + "/" + first(k.Prev) + " pick, " +
		first(k.Accept) + " take): "
	return st.Accent.Render(render.Clip(head+strings.Join(parts, " · ")+more, width))
}
