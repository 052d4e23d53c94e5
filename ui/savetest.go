package ui

import (
	"encoding/json"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/collection"
)

// maxMatchChecks bounds the checks offered for structuredContent's
// members: a result with hundreds of them would make a modal no one reads.
const maxMatchChecks = 20

// saveTest is the modal that saves the shown call as a test expecting
// what its result shows now: the test's name, the collection's path, and
// the checks to keep.
type saveTest struct {
	tool  string
	args  json.RawMessage
	name  textinput.Model
	path  textinput.Model
	focus int // 0 the name, 1 the path, 2+ the checks
	// checks are offered with the values they will expect; snap is what
	// the snapshot check stores.
	checks []testCheck
	snap   []byte
	// answers are what the person answered the server with during the
	// call, saved as the test's elicit and sample.
	answers givenAnswers
	// err says why the last save failed; the modal stays.
	err string
}

// testCheck is one expectation the test may keep.
type testCheck struct {
	kind    string // "isError", "outputValid", "snapshot" or "match"
	pointer string // for a match
	value   json.RawMessage
	on      bool
}

// testSavedMsg ends a save.
type testSavedMsg struct {
	memReply
	name, path string
	err        error
}

// openSaveTest opens the modal for the shown tool's last call.
func (m *Model) openSaveTest() tea.Cmd {
	t := m.detail.tool
	if t == nil || m.noMemory() {
		return nil
	}
	tr := m.calls.results[t.Name]
	if tr == nil || !tr.ready || tr.result == nil {
		m.setStatus(levelError, "only a call that returned a result can be saved as a test: call "+t.Name+" first")
		return nil
	}
	m.mem.saved[t.Name]++
	s := &saveTest{tool: t.Name, args: argsOrEmpty(tr.args), answers: tr.answers}
	s.name, s.path = textinput.New(), textinput.New()
	s.name.Prompt, s.path.Prompt = "name:       ", "collection: "
	s.name.SetValue(t.Name + "-" + strconv.Itoa(m.mem.saved[t.Name]))
	s.path.SetValue(m.mem.store.DefaultCollection())
	s.checks, s.snap = resultChecks(tr.result, tr.verdict)
	m.mem.test = s
	return s.name.Focus()
}

// resultChecks are the checks a result offers, with the values it shows
// now, and the bytes of its snapshot.
func resultChecks(r *client.CallResult, v check.OutputVerdict) ([]testCheck, []byte) {
	checks := []testCheck{{kind: "isError", value: jsonBool(r.IsError), on: true}}
	if v.Checked {
		checks = append(checks, testCheck{kind: "outputValid", value: jsonBool(v.Valid), on: true})
	}
	snap := r.StructuredContent
	if snap == nil {
		var whole struct {
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(r.Raw, &whole) == nil {
			snap = whole.Content
		}
	}
	if snap != nil {
		checks = append(checks, testCheck{kind: "snapshot", value: snap, on: true})
	}
	return append(checks, memberChecks(r.StructuredContent)...), snap
}

// memberChecks offers a match per top-level member of structuredContent,
// in the server's order, off until ticked.
func memberChecks(sc json.RawMessage) []testCheck {
	dec := json.NewDecoder(strings.NewReader(string(sc)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out []testCheck
	for dec.More() && len(out) < maxMatchChecks {
		tok, err := dec.Token()
		name, ok := tok.(string)
		var val json.RawMessage
		if err != nil || !ok || dec.Decode(&val) != nil {
			return out
		}
		out = append(out, testCheck{kind: "match", pointer: "/structuredContent/" + pointerToken(name), value: val})
	}
	return out
}

func jsonBool(b bool) json.RawMessage {
	if b {
		return json.RawMessage("true")
	}
	return json.RawMessage("false")
}

// test is the collection.Test the modal describes, and its snapshot when
// kept.
func (s *saveTest) test() (collection.Test, []byte) {
	t := collection.Test{Name: strings.TrimSpace(s.name.Value()), Tool: s.tool, Arguments: s.args,
		Elicit: s.answers.elicit, Sample: s.answers.sample}
	var snap []byte
	for _, c := range s.checks {
		if !c.on {
			continue
		}
		switch c.kind {
		case "isError":
			b := string(c.value) == "true"
			t.Expect.IsError = &b
		case "outputValid":
			b := string(c.value) == "true"
			t.Expect.OutputValid = &b
		case "snapshot":
			t.Expect.Snapshot, snap = true, s.snap
		case "match":
			t.Expect.Match = append(t.Expect.Match, collection.Match{Pointer: c.pointer, Equals: c.value})
		}
	}
	return t, snap
}

// saveTestKey takes a key in the save-as-test modal.
func (m *Model) saveTestKey(msg tea.KeyPressMsg) tea.Cmd {
	s, k := m.mem.test, m.keys.Mem.SaveTest
	fields := 2 + len(s.checks)
	switch {
	case key.Matches(msg, k.Cancel):
		m.mem.test = nil
		return nil
	case key.Matches(msg, k.Save):
		return m.saveTestNow()
	case key.Matches(msg, k.Next):
		return s.focusOn((s.focus + 1) % fields)
	case key.Matches(msg, k.Prev):
		return s.focusOn((s.focus + fields - 1) % fields)
	case s.focus >= 2 && key.Matches(msg, k.Toggle):
		s.checks[s.focus-2].on = !s.checks[s.focus-2].on
		return nil
	}
	var cmd tea.Cmd
	switch s.focus {
	case 0:
		s.name, cmd = s.name.Update(msg)
	case 1:
		s.path, cmd = s.path.Update(msg)
	}
	return cmd
}

// focusOn moves the modal's focus to field i.
func (s *saveTest) focusOn(i int) tea.Cmd {
	s.focus = i
	s.name.Blur()
	s.path.Blur()
	switch i {
	case 0:
		return s.name.Focus()
	case 1:
		return s.path.Focus()
	}
	return nil
}

// saveTestNow saves the test in a command, refusing an empty name or
// path in the modal.
func (m *Model) saveTestNow() tea.Cmd {
	s := m.mem.test
	t, snap := s.test()
	path := strings.TrimSpace(s.path.Value())
	switch {
	case t.Name == "":
		s.err = "the test needs a name"
		return nil
	case path == "":
		s.err = "the test needs a collection file to go into"
		return nil
	}
	store := m.mem.store
	return m.memCmd(func() tea.Msg {
		return testSavedMsg{name: t.Name, path: path, err: store.SaveTest(path, t, snap)}
	})
}

func (m *Model) handleTestSaved(msg testSavedMsg) {
	s := m.mem.test
	if msg.err != nil {
		if s != nil {
			s.err = "not saved: " + msg.err.Error()
		}
		return
	}
	m.mem.test = nil
	m.setStatus(levelOK, "saved test "+msg.name+" in "+msg.path+"; toolbench test runs it")
}

// saveTestHints are the modal's keys.
func (m *Model) saveTestHints() [][2]string {
	k := m.keys.Mem.SaveTest
	return [][2]string{hint(k.Next, "next field"), hint(k.Toggle, "tick"), hint(k.Save, "save"), hint(k.Cancel, "cancel")}
}
