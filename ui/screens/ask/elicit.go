package ask

import (
	"encoding/json"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// elicitModal is a form-mode elicitation: the server's message and its
// requestedSchema as a form of the same engine as tool arguments.
type elicitModal struct {
	st      *theme.Styles
	keys    Keys
	head    render.AskHead
	message string
	secrets []string
	// note says why the form fell back to raw JSON, when it did.
	note   string
	form   *schemaform.Form
	editor *form.Model

	width, height int
	// top is the heading, message and warnings, laid out for width.
	top []string
	// leaving is set by esc at the form's top: cancelling tells the server
	// the person cancelled, so one esc too many must not do it unasked.
	leaving bool
}

var _ modal = (*elicitModal)(nil)

// emptySchema stands in for a missing requestedSchema: accepting then
// sends an empty object.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

func newElicitModal(st *theme.Styles, keys Keys, head render.AskHead, req client.Elicitation) *elicitModal {
	schema := req.RequestedSchema
	if len(schema) == 0 || string(schema) == "null" {
		schema = emptySchema
	}
	f, err := schemaform.Compile(schema)
	e := &elicitModal{st: st, keys: keys, head: head, message: req.Message, secrets: SecretFields(schema), form: f}
	switch {
	case err != nil:
		e.note = "the requestedSchema is not JSON (" + err.Error() + "); edit the content as JSON"
	case f.Root.Raw():
		e.note = "the form cannot express this requestedSchema; edit the content as JSON"
	}
	prefillDefaults(f)
	e.editor = form.New(f, st)
	e.editor.SetTitle("content")
	return e
}

// prefillDefaults sets every top-level field that has a default to it: an
// elicitation form starts from the server's defaults (SEP-1034), unlike a
// tool's form, where an unset optional field is a test of its own.
func prefillDefaults(f *schemaform.Form) {
	s := f.Shape()
	if f.Root.Raw() || s.Kind != schemaform.KindObject {
		return
	}
	values := map[string]json.RawMessage{}
	for _, p := range s.Object.Properties {
		if p.Shape.Default != nil {
			values[p.Name] = p.Shape.Default
		}
	}
	if len(values) == 0 {
		return
	}
	if b, err := json.Marshal(values); err == nil {
		_ = f.SetJSON(b)
	}
}

func (e *elicitModal) title() string { return "Elicitation" }

// typing: the form takes text.
func (e *elicitModal) typing() bool { return true }

func (e *elicitModal) update(msg tea.Msg) (modalOutcome, tea.Cmd) {
	k, isKey := msg.(tea.KeyPressMsg)
	switch {
	case isKey && key.Matches(k, e.keys.Decline):
		return answered(client.ElicitResult{Action: "decline"}, "declined the elicitation"), nil
	case isKey && e.leaving:
		return e.leaveKey(k), nil
	}
	action, cmd := e.editor.Update(msg)
	switch action {
	case form.ActionSubmit, form.ActionSubmitInvalid:
		return answered(client.ElicitResult{Action: "accept", Content: e.form.JSON()}, "accepted the elicitation: sent the form's content"), cmd
	case form.ActionBack:
		e.leaving = true
	}
	return modalOutcome{}, cmd
}

// leaveKey answers "cancel the elicitation?": only its own key cancels.
func (e *elicitModal) leaveKey(k tea.KeyPressMsg) modalOutcome {
	switch {
	case key.Matches(k, e.keys.ConfirmCancel):
		return answered(client.ElicitResult{Action: "cancel"}, "cancelled the elicitation")
	case key.Matches(k, e.keys.KeepEditing):
		e.leaving = false
	}
	return modalOutcome{}
}

// leaveQuestion is the line asking before the elicitation is cancelled,
// with its answers' keys: the footer's hints may not fit at 80 columns.
func (e *elicitModal) leaveQuestion() string {
	k := e.keys
	q := "cancel the elicitation? the server is told the user cancelled  " +
		render.FirstKey(k.ConfirmCancel.Help().Key) + " yes · " + render.FirstKey(k.KeepEditing.Help().Key) + " no"
	return e.st.Warn.Render(render.Clip(q, e.width))
}

func (e *elicitModal) resize(width, height int) {
	e.width, e.height = width, height
	top := render.AskHeading(e.st, e.head, width)
	top = append(top, render.AskMessage(e.st, e.message, width)...)
	if len(e.secrets) > 0 {
		top = append(top, render.SecretWarning(e.st, e.secrets, width)...)
	}
	if e.note != "" {
		top = append(top, e.st.Warn.Render(render.Clip(e.note, width)))
	}
	// The form keeps at least a few rows, however long the message.
	e.top = top[:min(len(top), max(2, height-6))]
	e.editor.SetSize(e.formWidth(), max(4, height-len(e.top)-1))
	// Below the preview's width none is drawn, so none is laid out.
	pw, ph := 0, 0
	if fw := e.formWidth(); fw < width {
		pw, ph = width-fw-2, max(1, height-len(e.top)-2)
	}
	e.editor.SetPreviewSize(pw, ph)
}

// formWidth leaves room for the content preview on wide screens.
func (e *elicitModal) formWidth() int {
	if e.width >= previewMinWidth+20 {
		return e.width * 3 / 5
	}
	return e.width
}

func (e *elicitModal) view() []string {
	sep := ""
	if e.leaving {
		sep = e.leaveQuestion()
	}
	lines := append(append([]string(nil), e.top...), sep)
	height := max(1, e.height-len(lines))
	left := render.Fit(strings.Split(e.editor.View(), "\n"), height)
	fw := e.formWidth()
	if fw == e.width {
		return append(lines, left...)
	}
	right := render.Fit(append([]string{e.st.Heading.Render("Content")}, strings.Split(e.editor.PreviewView(), "\n")...), height)
	for i := range left {
		lines = append(lines, render.Pad(left[i], fw)+e.st.Border.Render("│")+" "+right[i])
	}
	return lines
}

// answers: accept and decline.
func (e *elicitModal) answers() int { return 2 }

func (e *elicitModal) hints() [][2]string {
	k := e.keys
	if e.leaving {
		return [][2]string{screen.Hint(k.ConfirmCancel, "cancel the elicitation"), screen.Hint(k.KeepEditing, "keep editing"),
			screen.Hint(k.CancelCall, "cancel the call")}
	}
	return [][2]string{screen.Hint(k.Accept, "accept"), screen.Hint(k.Decline, "decline"), screen.Hint(k.Dismiss, "cancel"),
		screen.Hint(k.CancelCall, "cancel the call")}
}

// secretWords, in a property's name, title or description, suggest that
// a form asks for a secret, which the spec forbids in form mode.
var secretWords = []string{"password", "passwd", "passphrase", "token", "api key", "api_key", "apikey", "api-key",
	"secret", "private key", "private_key"}

// SecretFields names the top-level properties of schema that look like
// secrets: by a secret word in their name, title or description, or by
// format password.
func SecretFields(schema json.RawMessage) []string {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(schema, &s) != nil {
		return nil
	}
	var out []string
	for name, raw := range s.Properties {
		var p struct {
			Title, Description, Format string
		}
		_ = json.Unmarshal(raw, &p)
		text := strings.ToLower(name + " " + p.Title + " " + p.Description)
		if p.Format == "password" || containsAny(text, secretWords) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

func containsAny(text string, words []string) bool {
	for _, w := range words {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}
