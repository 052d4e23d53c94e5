package form

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
)

// askRows is how many problems "send anyway?" lists at once; the list
// scrolls with the choice.
const askRows = 5

// askSend is the question asked when ctrl+s finds problems, with the
// problems listed by pointer so the person can go to one instead.
type askSend struct {
	problems []problem
	// notJSON names the values whose JSON text does not parse.
	notJSON []string
	// pick is the chosen problem; top the first one shown.
	pick, top int
}

// problem is one validation issue: where it is and what is wrong.
type problem struct {
	pointer, message string
}

func newAskSend(issues []schemaform.Issue) *askSend {
	a := &askSend{}
	for _, is := range issues {
		ptr := is.Node.Pointer()
		a.problems = append(a.problems, problem{pointer: ptr, message: is.Message})
		if is.NotJSON {
			a.notJSON = append(a.notJSON, place(ptr))
		}
	}
	return a
}

// Problems returns the JSON pointers of the problems "send anyway?" lists,
// in its order, while the question is open; nil otherwise.
func (m *Model) Problems() []string {
	if m.ask == nil {
		return nil
	}
	out := make([]string, len(m.ask.problems))
	for i, p := range m.ask.problems {
		out[i] = p.pointer
	}
	return out
}

// askKey answers "send anyway?": send, stay, or go to a problem.
func (m *Model) askKey(msg tea.KeyPressMsg) Action {
	k, a := m.keys.Ask, m.ask
	switch {
	case key.Matches(msg, k.Send):
		m.ask = nil
		return ActionSubmitInvalid
	case key.Matches(msg, k.Stay):
		m.ask = nil
	case key.Matches(msg, k.Up):
		a.choose(a.pick - 1)
	case key.Matches(msg, k.Down):
		a.choose(a.pick + 1)
	case key.Matches(msg, k.Jump):
		m.ask = nil
		if len(a.problems) > 0 {
			ptr := a.problems[a.pick].pointer
			if !m.JumpTo(ptr) {
				m.status = "no field holds " + place(ptr) + " now"
			}
		}
	}
	return ActionNone
}

// choose moves the choice to problem i, clamped, keeping it in view.
func (a *askSend) choose(i int) {
	a.pick = max(0, min(i, len(a.problems)-1))
	switch {
	case a.pick < a.top:
		a.top = a.pick
	case a.pick >= a.top+askRows:
		a.top = a.pick - askRows + 1
	}
}

// askQuestion is the "send anyway?" line: how many problems, and by name
// each JSON text that would be sent as a string.
func askQuestion(a *askSend) string {
	q := plural.Count(len(a.problems), "problem")
	switch len(a.notJSON) {
	case 0:
	case 1:
		q += "; " + a.notJSON[0] + " is not valid JSON and is sent as a string"
	default:
		q += "; " + strings.Join(a.notJSON, ", ") + " are not valid JSON and are sent as strings"
	}
	return q + " — send anyway? (y/n)"
}

// askLines list the problems in view: the pointer, then what is wrong,
// the chosen one marked; the pointer is kept whole where the message is
// cut.
func (m *Model) askLines(a *askSend) []string {
	var out []string
	for i := a.top; i < len(a.problems) && i < a.top+askRows; i++ {
		p := a.problems[i]
		mark, style := "  ", m.st.Muted
		if i == a.pick {
			mark, style = "› ", m.st.Accent
		}
		line := mark + style.Render(place(p.pointer)) + "  " + termsafe.Line(p.message)
		out = append(out, ansi.Truncate(line, m.width, "…"))
	}
	if more := len(a.problems) - a.top - askRows; more > 0 {
		out = append(out, m.st.Subtle.Render("  "+plural.Count(more, "more problem")))
	}
	return out
}
