package ui

import (
	"context"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	authscreen "github.com/toolbench/toolbench/ui/screens/auth"
	"github.com/toolbench/toolbench/ui/screens/help"
	"github.com/toolbench/toolbench/ui/screens/loglevel"
	"github.com/toolbench/toolbench/ui/screens/prompts"
	"github.com/toolbench/toolbench/ui/screens/resources"
	"github.com/toolbench/toolbench/ui/screens/roots"
	"github.com/toolbench/toolbench/ui/screens/tools"
	"github.com/toolbench/toolbench/ui/theme"
)

// bindingsOf lists every key.Binding a key map holds, in fields, arrays
// and nested structs, by the path of its field.
func bindingsOf(v reflect.Value, path string) map[string]key.Binding {
	out := map[string]key.Binding{}
	bindingType := reflect.TypeFor[key.Binding]()
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch {
		case v.Type() == bindingType:
			out[path] = v.Interface().(key.Binding)
		case v.Kind() == reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i), path+"."+v.Type().Field(i).Name)
			}
		case v.Kind() == reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i), path+"["+string(rune('0'+i))+"]")
			}
		}
	}
	walk(v, path)
	return out
}

// keyShown is how help text names a key.
var keyShown = map[string]string{"up": "↑", "down": "↓", "left": "←", "right": "→", "alt+up": "alt+↑", "alt+down": "alt+↓"}

// namedKeys splits a binding's help keys: "enter/→/l" names three, "/" one.
func namedKeys(help string) []string {
	if help == "/" {
		return []string{"/"}
	}
	return strings.Split(help, "/")
}

// TestHelpNamesEveryBinding walks every binding of the workbench's key map,
// the form's included, and finds it on the help screen: a row with its
// description whose keys name the binding's help keys. Each key a binding
// matches must be named in its help, so no key works unmentioned.
func TestHelpNamesEveryBinding(t *testing.T) {
	t.Parallel()
	sections := New(nil, Options{Styles: plainStyles()}).helpSections()
	shownText := strings.Join(render.HelpLines(theme.Plain(), render.HelpView{Sections: sections}, 0), "\n")
	bindings := bindingsOf(reflect.ValueOf(newKeyMap()), "keyMap")
	for path, b := range bindingsOf(reflect.ValueOf(toolKeys), "tools.KeyMap") {
		bindings[path] = b
	}
	for _, g := range append(resources.Help(), prompts.Help()...) {
		for i, b := range g.Bindings {
			bindings[g.Title+"["+strconv.Itoa(i)+"]"] = b
		}
	}
	if len(bindings) < 100 {
		t.Fatalf("found only %d bindings: the walk misses some", len(bindings))
	}
	for path, b := range bindings {
		h := b.Help()
		if !b.Enabled() || h.Key == "" || h.Desc == "" {
			t.Errorf("%s: no keys or no help (%q, %q)", path, h.Key, h.Desc)
			continue
		}
		shown := false
		for _, s := range sections {
			for _, r := range s.Rows {
				if r.Desc == h.Desc && slices.Contains(strings.Split(r.Keys, " / "), h.Key) {
					shown = true
				}
			}
		}
		if !shown || !strings.Contains(shownText, h.Desc) {
			t.Errorf("%s (%s: %s) is not on the help screen", path, h.Key, h.Desc)
		}
		for _, k := range b.Keys() {
			name := k
			if s, ok := keyShown[k]; ok {
				name = s
			}
			if !slices.Contains(namedKeys(h.Key), name) {
				t.Errorf("%s matches %q, which its help %q does not name", path, k, h.Key)
			}
		}
	}
}

// keyContext is a screen of the workbench, the bindings that act on it,
// and how to reach it with the model in the middle of things, so that
// every one of those bindings has something to do.
type keyContext struct {
	name     string
	bindings func(km keyMap) []key.Binding
	setup    func(h *harness)
}

// toolKeys are the tools screen's keys (ui/screens/tools).
var toolKeys = tools.NewKeyMap()

// memoryGlobals are the memory's keys that work on every screen.
var memoryGlobals = newMemoryKeyMap().Memory

// everywhere are the global keys that act on every screen but the help.
func everywhere(gl globalKeys) []key.Binding {
	o := gl.Open
	return []key.Binding{gl.Quit, gl.Help, gl.Reconnect, gl.Log, gl.Roots, gl.LogLevel, gl.Auth, gl.Resources, gl.Prompts, gl.Tasks,
		memoryGlobals.History, memoryGlobals.Diff, gl.Palette, o.Palette, o.Resources, o.Prompts, o.Tasks, o.Log, o.History,
		o.Changes, o.Roots, o.LogLevel, o.Auth, gl.Hosts, o.Hosts}
}

func keyContexts() []keyContext {
	g := func(km keyMap) []key.Binding {
		return append(everywhere(km.Global), toolKeys.Tabs[:]...)
	}
	detail := func(km keyMap) []key.Binding {
		d := toolKeys.Detail
		return append(g(km), d.Back, d.Up, d.Down, d.PageUp, d.PageDown, d.Home, d.End, d.Call, d.CopyResult, d.CopyArgs, d.CopyCommand,
			d.AsTask, d.Filter)
	}
	scrolledTab := func(keys ...string) func(h *harness) {
		return func(h *harness) {
			h.selectTool("draw_shape")
			h.key(keys...)
			h.key("pgdown", "down")
		}
	}
	return append([]keyContext{
		{"tool list", func(km keyMap) []key.Binding {
			l := toolKeys.List
			return append(append(g(km), l.Up, l.Down, l.PageUp, l.PageDown, l.Home, l.End, l.Filter, l.Open, l.Call,
				l.Reconnect, l.Log, l.Quit, l.AsTask), l.Tabs[:]...)
		}, func(h *harness) { h.key("down", "down", "down", "down", "down") }},
		{"Input tab", detail, scrolledTab("alt+2")},
		{"Meta tab", detail, scrolledTab("alt+6")},
		{"Result tab", func(km keyMap) []key.Binding {
			return append(detail(km), toolKeys.OpenLink, km.Mem.Memory.SaveTest)
		}, func(h *harness) {
			long := strings.Repeat("a line of the result\n", 100)
			h.m.conn.sess.(*fakeSession).call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
				return &client.CallResult{Content: []client.Content{{Type: "text", Text: long}}}, nil
			}
			h.selectTool("echo")
			h.typeText("hi")
			h.key("ctrl+s", "pgdown", "down")
			if h.m.tab() != "Result" {
				h.t.Fatalf("not on the Result tab:\n%s", h.view())
			}
		}},
		{"Lint tab", func(km keyMap) []key.Binding {
			d, l := toolKeys.Detail, toolKeys.Lint
			return append(g(km), d.Back, d.Call, d.CopyResult, d.CopyArgs, d.CopyCommand, d.AsTask, d.Filter,
				l.Up, l.Down, l.PageUp, l.PageDown, l.First, l.Last, l.Show)
		}, func(h *harness) { h.selectTool("search_articles"); h.key("alt+4", "down") }},
		{"Providers tab", func(km keyMap) []key.Binding {
			return append(detail(km), toolKeys.Providers.Next, toolKeys.Providers.Prev)
		}, func(h *harness) { h.selectTool("search_articles"); h.key("alt+5", "pgdown") }},
		{"help", func(km keyMap) []key.Binding {
			return append([]key.Binding{km.Global.Quit}, screenBindings(help.New(nil, "", nil))...)
		}, func(h *harness) { h.key("?", "pgdown") }},
	}, append(append(append(append(append(askKeyContexts(), taskKeyContexts()...), beyondKeyContexts()...),
		memoryKeyContexts()...), logKeyContexts()...), hostsKeyContexts(detail)...)...)
}

// askKeyContexts are the screens that answer the server: the URL
// elicitation (the form modals take typing, like the form), the roots
// screen and the log level picker.
func askKeyContexts() []keyContext {
	return []keyContext{
		{"URL elicitation", func(km keyMap) []key.Binding {
			a := km.Ask
			return []key.Binding{km.Global.Quit, km.Global.Help, a.Open, a.Copy, a.Decline, a.Dismiss, a.CancelCall}
		}, func(h *harness) {
			h.m.browser = &fakeBrowser{}
			h.callAsking(h.m.conn.sess.(*fakeSession), urlAsk("https://example.com/x", "id"))
		}},
		{"roots", func(km keyMap) []key.Binding {
			// The list's keys; those of typing a directory take text.
			return append(everywhere(km.Global), roots.New(roots.Deps{Store: newRootsStore(nil)}).Keys()[0].Bindings...)
		}, func(h *harness) {
			// Three roots, the middle one selected: every key moves.
			h.m.roots.Add(h.t.TempDir())
			h.m.roots.Add(h.t.TempDir())
			h.key("alt+o", "down")
		}},
		{"log level", func(km keyMap) []key.Binding {
			return append(everywhere(km.Global), screenBindings(loglevel.New(loglevel.Deps{}))...)
		}, func(h *harness) { h.key("alt+v", "down") }},
		{"auth", func(km keyMap) []key.Binding {
			// The steps' keys; those of pasting take text.
			return append(everywhere(km.Global), authscreen.New(authscreen.Deps{}).Keys()[0].Bindings...)
		}, func(h *harness) {
			// A flow waiting at the browser, its middle step selected and
			// its detail scrolled: every key of the screen has work.
			h.m.bridge = NewAuthBridge("none")
			h.m.screens.made[authscreen.ID] = h.m.newAuth(h.m.bridge)
			h.m.resizeScreens()
			h.m.browser = &fakeBrowser{}
			h.m.bridge.attach(h.send)
			feedFlow(h, loginUpToBrowser())
			h.key("up", "up", "pgdown")
		}},
	}
}

// candidateKeys are the keys a person can press: every printable ASCII
// key, space, ctrl and alt with letters and digits, and the named keys.
func candidateKeys() []tea.KeyPressMsg {
	var keys []tea.KeyPressMsg
	for r := rune(' '); r < 0x7f; r++ {
		keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	for _, r := range "abcdefghijklmnopqrstuvwxyz0123456789" {
		keys = append(keys, tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl}, tea.KeyPressMsg{Code: r, Mod: tea.ModAlt})
	}
	for _, c := range []rune{tea.KeyEnter, tea.KeyEscape, tea.KeyTab, tea.KeyBackspace, tea.KeyDelete, tea.KeyInsert,
		tea.KeyUp, tea.KeyDown, tea.KeyLeft, tea.KeyRight, tea.KeyHome, tea.KeyEnd, tea.KeyPgUp, tea.KeyPgDown, tea.KeyF1, tea.KeyF5} {
		keys = append(keys, tea.KeyPressMsg{Code: c}, tea.KeyPressMsg{Code: c, Mod: tea.ModShift}, tea.KeyPressMsg{Code: c, Mod: tea.ModAlt})
	}
	return keys
}

// TestUnboundKeysDoNothing presses, on every screen that does not take
// typing, each key no binding of that screen names: none may change the
// model or ask for a command. (The tool filter, the log filter and the
// form's fields take typing; the form's own keys are tested in ui/form.)
func TestUnboundKeysDoNothing(t *testing.T) {
	t.Parallel()
	for _, c := range keyContexts() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			h.resize(100, 16)
			c.setup(h)
			bound := map[string]bool{}
			// The palette opens over everything, modals and help included.
			for _, k := range h.m.keys.Global.Palette.Keys() {
				bound[k] = true
			}
			for _, b := range c.bindings(h.m.keys) {
				for _, k := range b.Keys() {
					bound[k] = true
				}
			}
			for _, k := range candidateKeys() {
				if bound[k.String()] {
					continue
				}
				before := state(h.m)
				_, cmd := h.m.Update(k)
				if after := state(h.m); after != before || cmd != nil {
					t.Errorf("%q is bound to nothing here, but it changed the model (command: %t):\n%s",
						k.String(), cmd != nil, firstDifference(before, after))
				}
			}
		})
	}
}

// TestBoundKeysAct presses each key of each binding of every screen, from
// a fresh model in the middle of things: each must change the model or
// ask for a command, so the key map holds no binding Update ignores.
func TestBoundKeysAct(t *testing.T) {
	t.Parallel()
	for _, c := range keyContexts() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			fresh := func() *harness {
				h := newHarness(t, newFakeSession(t, fixtureTools))
				h.resize(100, 16)
				c.setup(h)
				return h
			}
			probe := fresh()
			for _, b := range c.bindings(probe.m.keys) {
				for _, k := range b.Keys() {
					if showsTab(probe, k) {
						continue // the tab on screen already
					}
					h := fresh()
					before := state(h.m)
					_, cmd := h.m.Update(keyMsg(k))
					if cmd == nil && state(h.m) == before {
						t.Errorf("%q (%s) did nothing", k, b.Help().Desc)
					}
				}
			}
		})
	}
}

// showsTab reports whether k is a key of the tab on screen.
func showsTab(h *harness, k string) bool {
	for i, name := range h.m.tabNames() {
		if name == h.m.tab() && (key.Matches(keyMsg(k), toolKeys.Tabs[i]) || key.Matches(keyMsg(k), toolKeys.List.Tabs[i])) {
			return true
		}
	}
	return false
}

// screenBindings are every binding a stack screen declares.
func screenBindings(sc screen.Screen) []key.Binding {
	var out []key.Binding
	for _, g := range sc.Keys() {
		out = append(out, g.Bindings...)
	}
	return out
}
