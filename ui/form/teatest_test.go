package form

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/toolbench/toolbench/ui/theme"
)

// harness is the smallest parent: the editor above its JSON preview. It
// keeps the last screen it drew, because the renderer writes only the
// cells that change and a value typed key by key never appears whole in
// the output stream.
type harness struct {
	m      *Model
	mu     sync.Mutex
	screen string
	action Action
}

func (h *harness) Init() tea.Cmd { return nil }

func (h *harness) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		h.m.SetSize(msg.Width, msg.Height/2)
		return h, nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return h, tea.Quit
		}
	}
	a, cmd := h.m.Update(msg)
	if a != ActionNone {
		h.action = a
	}
	return h, cmd
}

func (h *harness) View() tea.View {
	s := h.m.View() + "\n" + h.m.Preview(h.m.width)
	h.mu.Lock()
	h.screen = ansi.Strip(s)
	h.mu.Unlock()
	return tea.NewView(s)
}

// shows waits until the screen holds want.
func (h *harness) shows(t *testing.T, tm *teatest.TestModel, want string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func([]byte) bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		return strings.Contains(h.screen, want)
	}, teatest.WithDuration(3*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

func TestTeatestFlow(t *testing.T) {
	f := load(t, "create_order.json")
	h := &harness{m: New(f, theme.New(theme.DefaultPalette(true)))}
	h.m.SetTitle("create_order")
	tm := teatest.NewTestModel(t, h, teatest.WithInitialTermSize(90, 40))

	h.shows(t, tm, "create_order")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyDown})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	h.shows(t, tm, "create_order › shipping_address")
	tm.Type("李四")
	h.shows(t, tm, `"receiver": "李四"`)
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Type("13900000000")
	h.shows(t, tm, `"phone": "13900000000"`)
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	h.shows(t, tm, "2 set")
	tm.Send(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	h.shows(t, tm, "send anyway? (y/n)")
	tm.Type("n")
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})

	final := tm.FinalModel(t, teatest.WithFinalTimeout(3*time.Second)).(*harness)
	want := `{"shipping_address":{"receiver":"李四","phone":"13900000000"}}`
	if got := string(final.m.Form().JSON()); got != want {
		t.Errorf("final arguments %s, want %s", got, want)
	}
	if final.action != ActionNone {
		t.Errorf("answering n still sent: %v", final.action)
	}
}
