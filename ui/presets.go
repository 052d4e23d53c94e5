package ui

import (
	"encoding/json"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// presetState is the form's presets: the modal that names one to save,
// and the picker of the tool's presets.
type presetState struct {
	// naming is set while the name of the preset to save is typed for
	// tool; args are the arguments it saves; err says why the last save
	// failed, and the modal stays.
	naming bool
	tool   string
	args   json.RawMessage
	input  textinput.Model
	err    string
	// last is the name used last per tool, offered the next time.
	last map[string]string
	// picking is set while the picker of tool's presets is open; list is
	// what arrived (loading until then), confirm the name whose deletion
	// waits for a yes.
	picking bool
	loading bool
	list    []history.Preset
	listErr error
	cursor  int
	confirm string
}

// maxPresetInput is the width of the preset name's input: the longest
// name history takes.
const maxPresetInput = history.MaxPresetName

func newPresetState() presetState {
	ti := textinput.New()
	ti.Prompt = "name: "
	ti.Placeholder = "what these arguments are for"
	// Without a width the input shows one character of its placeholder.
	ti.SetWidth(maxPresetInput)
	return presetState{input: ti, last: map[string]string{}}
}

// open reports whether a preset modal takes the keys.
func (p *presetState) open() bool { return p.naming || p.picking }

// presetSavedMsg, presetsListedMsg and presetDeletedMsg end the presets'
// IO.
type presetSavedMsg struct {
	memReply
	tool, name string
	err        error
}

type presetsListedMsg struct {
	memReply
	tool    string
	presets []history.Preset
	err     error
}

type presetDeletedMsg struct {
	memReply
	tool, name string
	err        error
}

// formMemoryKey takes the presets' keys in a tool's form, before the form:
// the form would type them.
func (m *Model) formMemoryKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.keys.Mem.Memory
	save, browse := key.Matches(msg, k.SavePreset), key.Matches(msg, k.Presets)
	if !save && !browse {
		return nil, false
	}
	e, t := m.detail.editor(), m.detail.tool
	if e == nil || t == nil || m.noMemory() {
		return nil, true
	}
	p := &m.mem.presets
	p.tool, p.err = t.Name, ""
	if save {
		p.naming, p.args = true, e.form.JSON()
		p.input.SetValue(p.last[t.Name])
		p.input.CursorEnd()
		return p.input.Focus(), true
	}
	p.picking, p.loading, p.list, p.listErr, p.cursor, p.confirm = true, true, nil, nil, 0, ""
	return m.listPresets(t.Name), true
}

// listPresets reads tool's presets in a command.
func (m *Model) listPresets(tool string) tea.Cmd {
	store := m.mem.store
	return m.memCmd(func() tea.Msg {
		ps, err := store.Presets(tool)
		return presetsListedMsg{tool: tool, presets: ps, err: err}
	})
}

// presetKey takes a key in a preset modal.
func (m *Model) presetKey(msg tea.KeyPressMsg) tea.Cmd {
	p := &m.mem.presets
	if p.naming {
		return m.presetNameKey(msg)
	}
	if p.confirm != "" {
		c := m.keys.Mem.Confirm
		switch {
		case key.Matches(msg, c.Yes):
			name, tool, store := p.confirm, p.tool, m.mem.store
			p.confirm = ""
			return m.memCmd(func() tea.Msg {
				return presetDeletedMsg{tool: tool, name: name, err: store.DeletePreset(tool, name)}
			})
		case key.Matches(msg, c.No):
			p.confirm = ""
		}
		return nil
	}
	k := m.keys.Mem.Preset
	switch {
	case key.Matches(msg, k.Up):
		p.cursor = max(0, p.cursor-1)
	case key.Matches(msg, k.Down):
		p.cursor = max(0, min(len(p.list)-1, p.cursor+1))
	case key.Matches(msg, k.Load) && p.cursor < len(p.list):
		m.loadPreset(p.list[p.cursor])
	case key.Matches(msg, k.Delete) && p.cursor < len(p.list):
		p.confirm = p.list[p.cursor].Name
	case key.Matches(msg, k.Back):
		p.picking = false
	}
	return nil
}

// presetNameKey takes a key while a preset's name is typed.
func (m *Model) presetNameKey(msg tea.KeyPressMsg) tea.Cmd {
	p, k := &m.mem.presets, m.keys.Mem.Name
	switch {
	case key.Matches(msg, k.Save):
		name := strings.TrimSpace(p.input.Value())
		if name == "" {
			p.err = "type a name for the preset, or esc"
			return nil
		}
		tool, args, store := p.tool, p.args, m.mem.store
		return m.memCmd(func() tea.Msg {
			return presetSavedMsg{tool: tool, name: name, err: store.SavePreset(tool, name, args)}
		})
	case key.Matches(msg, k.Cancel):
		p.naming = false
		p.input.Blur()
		return nil
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return cmd
}

func (m *Model) handlePresetSaved(msg presetSavedMsg) {
	p := &m.mem.presets
	if msg.err != nil {
		p.err = "not saved: " + msg.err.Error()
		return
	}
	p.naming, p.err = false, ""
	p.input.Blur()
	p.last[msg.tool] = msg.name
	m.setStatus(levelOK, "saved the arguments of "+msg.tool+" as preset "+termsafe.Line(msg.name))
}

func (m *Model) handlePresetsListed(msg presetsListedMsg) {
	p := &m.mem.presets
	if !p.picking || msg.tool != p.tool {
		return
	}
	p.loading, p.list, p.listErr = false, msg.presets, msg.err
	p.cursor = max(0, min(len(p.list)-1, p.cursor))
}

func (m *Model) handlePresetDeleted(msg presetDeletedMsg) tea.Cmd {
	if msg.err != nil {
		m.setStatus(levelError, "preset "+termsafe.Line(msg.name)+" was not deleted: "+msg.err.Error())
	} else {
		m.setStatus(levelOK, "deleted preset "+termsafe.Line(msg.name)+" of "+msg.tool)
	}
	if p := &m.mem.presets; p.picking && p.tool == msg.tool {
		p.loading = true
		return m.listPresets(msg.tool)
	}
	return nil
}

// loadPreset puts a preset's arguments into its tool's form and closes
// the picker.
func (m *Model) loadPreset(pr history.Preset) {
	p := &m.mem.presets
	t := m.list.byName(p.tool)
	if t == nil {
		m.setStatus(levelError, "the server has no tool "+p.tool+" now")
		return
	}
	if err := m.loadArgs(t, pr.Arguments); err != nil {
		m.setStatus(levelError, err.Error())
		return
	}
	p.picking = false
	p.last[p.tool] = pr.Name
	m.setStatus(levelOK, "loaded preset "+termsafe.Line(pr.Name)+" into the form of "+p.tool)
}

// presetHints are the keys of the preset modal shown.
func (m *Model) presetHints() [][2]string {
	p := &m.mem.presets
	switch {
	case p.naming:
		n := m.keys.Mem.Name
		return [][2]string{hint(n.Save, "save"), hint(n.Cancel, "cancel")}
	case p.confirm != "":
		c := m.keys.Mem.Confirm
		return [][2]string{hint(c.Yes, "delete"), hint(c.No, "keep")}
	}
	k := m.keys.Mem.Preset
	return [][2]string{hintPair(k.Up, k.Down, "select"), hint(k.Load, "load"), hint(k.Delete, "delete"), hint(k.Back, "close")}
}
