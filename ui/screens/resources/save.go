package resources

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
	"github.com/toolbench/toolbench/ui/screen"
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
func (s *Screen) startSave() screen.Result {
	rd := s.read
	if rd == nil || rd.res == nil || len(rd.res.Contents) == 0 {
		return screen.Done(nil, status(render.LevelInfo, "nothing to save: the read has no contents"))
	}
	data, err := contentBytes(rd.res.Contents[0])
	if err != nil {
		return screen.Done(nil, status(render.LevelError, err.Error()))
	}
	sv := &s.save
	sv.typing, sv.data, sv.exists = true, data, ""
	sv.input.SetValue(defaultFileName(rd.uri))
	sv.input.CursorEnd()
	return screen.Done(sv.input.Focus())
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

// saveInput takes a key or a paste while a path is typed or the
// overwrite question is open.
func (s *Screen) saveInput(msg tea.Msg) screen.Result {
	sv, k := &s.save, s.keys.Save
	km, isKey := msg.(tea.KeyPressMsg)
	switch {
	case isKey && key.Matches(km, k.Cancel):
		sv.typing, sv.exists = false, ""
		sv.input.Blur()
		return screen.Done(nil)
	case sv.exists != "":
		if isKey && key.Matches(km, k.Overwrite) {
			p := sv.exists
			sv.exists, sv.saving = "", true
			return screen.Done(writeFile(p, sv.data, true))
		}
		return screen.Done(nil)
	case isKey && key.Matches(km, k.Save):
		p := strings.TrimSpace(sv.input.Value())
		if p == "" {
			return screen.Done(nil, status(render.LevelError, "type a path to save to"))
		}
		sv.typing, sv.saving = false, true
		sv.input.Blur()
		return screen.Done(writeFile(p, sv.data, false))
	}
	if _, mouse := msg.(tea.MouseMsg); mouse {
		return screen.Done(nil)
	}
	var cmd tea.Cmd
	sv.input, cmd = sv.input.Update(msg)
	return screen.Done(cmd)
}

func (s *Screen) handleSaved(msg savedMsg) screen.Result {
	sv := &s.save
	sv.saving = false
	switch {
	case msg.exists:
		sv.exists = msg.path
		return screen.Done(nil)
	case msg.err != nil:
		return screen.Done(nil, status(render.LevelError, msg.err.Error()))
	}
	sv.data = nil
	return screen.Done(nil, status(render.LevelOK, fmt.Sprintf("saved %s to %s", render.HumanBytes(msg.size), msg.path)))
}

// saveLines are the path input or the overwrite question, under a read.
func (s *Screen) saveLines(width int) []string {
	sv := &s.save
	switch {
	case sv.exists != "":
		k := s.keys.Save
		return []string{s.st.Error.Render(render.Clip(termsafe.Line(sv.exists)+" is there already: "+
			screen.Hint(k.Overwrite, "")[0]+" overwrites it, "+screen.Hint(k.Cancel, "")[0]+" keeps it", width))}
	case sv.typing:
		return []string{render.Clip(sv.input.View(), width)}
	}
	return nil
}
