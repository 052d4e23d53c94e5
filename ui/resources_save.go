package ui

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// saveState is the typing of a path to save a read to, and the question
// whether to overwrite the file found there.
type saveState struct {
	typing bool
	input  textinput.Model
	// exists is the path found taken: y overwrites it.
	exists string
	// saving is set while the file is written.
	saving bool
	data   []byte
}

func newSaveState() saveState {
	ti := textinput.New()
	ti.Prompt = "save to: "
	return saveState{input: ti}
}

func (s *saveState) active() bool { return s.typing || s.exists != "" }

// savedMsg is the outcome of writing a file; exists is set when the path
// was taken and nothing was written.
type savedMsg struct {
	path   string
	size   int
	exists bool
	err    error
}

// startSave asks for a path, named after the URI.
func (m *Model) startSave() tea.Cmd {
	rd := m.resources.read
	if rd == nil || rd.res == nil || len(rd.res.Contents) == 0 {
		m.setStatus(levelInfo, "nothing to save: the read has no contents")
		return nil
	}
	data, err := contentBytes(rd.res.Contents[0])
	if err != nil {
		m.setStatus(levelError, err.Error())
		return nil
	}
	s := &m.resources.save
	s.typing, s.data, s.exists = true, data, ""
	s.input.SetValue(defaultFileName(rd.uri))
	s.input.CursorEnd()
	return s.input.Focus()
}

// contentBytes is what a saved entry holds: the text, or the decoded blob.
func contentBytes(c client.ResourceContents) ([]byte, error) {
	if c.Blob == "" {
		return []byte(c.Text), nil
	}
	b, err := base64.StdEncoding.DecodeString(c.Blob)
	if err != nil {
		return nil, fmt.Errorf("the blob of %s is not base64: %w", c.URI, err)
	}
	return b, nil
}

// defaultFileName is the last segment of the URI's path, made safe for a
// file name; "resource" when it has none.
func defaultFileName(uri string) string {
	p := uri
	if u, err := url.Parse(uri); err == nil {
		switch {
		case u.Opaque != "":
			p = u.Opaque
		case u.EscapedPath() != "" && u.EscapedPath() != "/":
			p = u.EscapedPath()
		case u.Host != "":
			p = u.Host
		}
	}
	name := path.Base(strings.TrimRight(p, "/"))
	// Unescaped after the cut, so an escaped slash stays in the name.
	if dec, err := url.PathUnescape(name); err == nil {
		name = dec
	}
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, name)
	if name == "" || name == "." || name == ".." || strings.HasPrefix(name, ".") {
		return "resource" + name
	}
	return name
}

// writeFile writes data to path in a command; without overwrite a file
// that is there is left alone and reported.
func writeFile(path string, data []byte, overwrite bool) tea.Cmd {
	return func() tea.Msg {
		flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
		if overwrite {
			flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		}
		f, err := os.OpenFile(path, flags, 0o600)
		if errors.Is(err, fs.ErrExist) {
			return savedMsg{path: path, exists: true}
		}
		if err != nil {
			return savedMsg{path: path, err: fmt.Errorf("save the resource: %w", err)}
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return savedMsg{path: path, err: fmt.Errorf("save the resource to %s: %w", path, err)}
		}
		return savedMsg{path: path, size: len(data)}
	}
}

// saveKey takes a key while a path is typed or the overwrite question
// is open.
func (m *Model) saveKey(msg tea.KeyPressMsg) tea.Cmd {
	s, k := &m.resources.save, m.keys.Saving
	switch {
	case key.Matches(msg, k.Cancel):
		s.typing, s.exists = false, ""
		s.input.Blur()
		return nil
	case s.exists != "":
		if key.Matches(msg, k.Overwrite) {
			p := s.exists
			s.exists, s.saving = "", true
			return writeFile(p, s.data, true)
		}
		return nil
	case key.Matches(msg, k.Save):
		p := strings.TrimSpace(s.input.Value())
		if p == "" {
			m.setStatus(levelError, "type a path to save to")
			return nil
		}
		s.typing, s.saving = false, true
		s.input.Blur()
		return writeFile(p, s.data, false)
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return cmd
}

func (m *Model) handleSaved(msg savedMsg) tea.Cmd {
	s := &m.resources.save
	s.saving = false
	switch {
	case msg.exists:
		s.exists = msg.path
	case msg.err != nil:
		m.setStatus(levelError, msg.err.Error())
	default:
		s.data = nil
		m.setStatus(levelOK, fmt.Sprintf("saved %s to %s", render.HumanBytes(msg.size), msg.path))
	}
	return nil
}

// saveLines are the path input or the overwrite question, under a read.
func (m *Model) saveLines(width int) []string {
	s := &m.resources.save
	switch {
	case s.exists != "":
		k := m.keys.Saving
		return []string{m.st.Error.Render(render.Clip(termsafe.Line(s.exists)+" is there already: "+
			hint(k.Overwrite, "")[0]+" overwrites it, "+hint(k.Cancel, "")[0]+" keeps it", width))}
	case s.typing:
		return []string{render.Clip(s.input.View(), width)}
	}
	return nil
}
