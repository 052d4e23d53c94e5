package tools

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/widget"
)

// KeyMap is every key the tools screen acts on, by part. Update matches
// keys against it, and its hints, its help groups and the palette's
// commands are drawn from it, so what they show is what works. The
// form's own keys are the form editor's key map.
type KeyMap struct {
	List      ListKeys
	Filter    FilterKeys
	Detail    DetailKeys
	Lint      LintKeys
	Providers ProviderKeys
	// Hosts move between the hosts on the Hosts tab.
	Hosts HostKeys
	// App reads a tool's MCP App resource on the Meta tab.
	App AppKeys
	// Tabs[i] shows tab i wherever the tools screen takes keys, the
	// form's text included (alt chords).
	Tabs [tabCount]key.Binding
	// OpenLink, on a tool's Result tab, reads the result's first
	// resource_link or embedded resource on the resources screen.
	OpenLink key.Binding
	Form     form.KeyMap
}

// SharedKeys are the root's keys that the screen's hints name.
type SharedKeys struct {
	// Log opens the protocol log from anywhere.
	Log key.Binding
	// SaveTest saves the shown call as a test, on the Result tab; the
	// list takes it too while the Result tab shows beside it.
	SaveTest key.Binding
	// MemoryHelp titles the root's help section of the keys of what the
	// workbench remembers (presets, saving a call as a test): Here names
	// it where those keys apply.
	MemoryHelp string
}

// ListKeys act on the tool list.
type ListKeys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Filter, Open, Call, Reconnect, Log    key.Binding
	// AsTask toggles calling a task-optional tool as a task.
	AsTask key.Binding
	Quit   key.Binding
	Tabs   [tabCount]key.Binding
}

// FilterKeys end the tool filter; every other key is typed into it.
type FilterKeys struct {
	Clear, Done key.Binding
}

// DetailKeys act on the detail pane's text tabs.
type DetailKeys struct {
	Back, Up, Down, PageUp, PageDown, Home, End key.Binding
	Call, CopyResult, CopyArgs, CopyCommand     key.Binding
	// AsTask toggles calling a task-optional tool as a task.
	AsTask key.Binding
	// Filter goes back to the tool list and starts its filter, so the
	// letters typed after it are never taken as the tab's keys.
	Filter key.Binding
}

// nav is the pane's scrolling keys as the one navigation set.
func (k DetailKeys) nav() widget.Nav {
	return widget.Nav{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Home: k.Home, End: k.End}
}

// detailBottom is as far as home and end scroll a tab, beyond any text.
const detailBottom = 1 << 30

// LintKeys pick a finding on the Lint tab, before the pane's own keys:
// the tab scrolls to keep the picked finding in view.
type LintKeys struct {
	Up, Down, PageUp, PageDown, First, Last, Show key.Binding
}

// nav is the keys that move through the findings as the one navigation
// set, first and last as its home and end.
func (k LintKeys) nav() widget.Nav {
	return widget.Nav{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Home: k.First, End: k.Last}
}

// ProviderKeys switch the provider on the Providers tab.
type ProviderKeys struct {
	Next, Prev key.Binding
}

// AppKeys act on the MCP App section of the Meta tab.
type AppKeys struct {
	Read key.Binding
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// asTaskHelp is the help of the list's and the detail pane's AsTask.
const asTaskHelp = "call a task-optional tool as a task, or not (toggle)"

// NewKeyMap returns the tools screen's keys.
func NewKeyMap() KeyMap {
	k := KeyMap{List: newListKeys(), Filter: newFilterKeys(), Detail: newDetailKeys(), Lint: newLintKeys(),
		Providers: newProviderKeys(), Hosts: newHostKeys(), Form: form.DefaultKeyMap(),
		App: AppKeys{Read: bind([]string{"r"}, "r", "read the tool's ui:// app resource (resources/read)")},
		OpenLink: bind([]string{"o"}, "o",
			"on a tool's Result tab: read its resource_link or embedded resource")}
	for i := range tabCount {
		n := strconv.Itoa(int(i) + 1)
		k.Tabs[i] = bind([]string{"alt+" + n}, "alt+"+n, tabHelp(i))
	}
	return k
}

func newListKeys() ListKeys {
	k := ListKeys{
		Up:        bind([]string{"up", "k"}, "↑/k", "previous tool"),
		Down:      bind([]string{"down", "j"}, "↓/j", "next tool"),
		PageUp:    bind([]string{"pgup"}, "pgup", "page up"),
		PageDown:  bind([]string{"pgdown"}, "pgdown", "page down"),
		Home:      bind([]string{"home", "g"}, "home/g", "first tool"),
		End:       bind([]string{"end", "G"}, "end/G", "last tool"),
		Filter:    bind([]string{"/"}, "/", "filter tools (fuzzy)"),
		Open:      bind([]string{"enter", "right", "l", "tab"}, "enter/→/l/tab", "open the tool"),
		Call:      bind([]string{"ctrl+s"}, "ctrl+s", "call the tool with the form's arguments"),
		Reconnect: bind([]string{"R"}, "R", "reconnect"),
		Log:       bind([]string{"L"}, "L", "protocol log"),
		Quit:      bind([]string{"q"}, "q", "quit"),
		AsTask:    bind([]string{"ctrl+t"}, "ctrl+t", asTaskHelp),
	}
	for i := range tabCount {
		n := strconv.Itoa(int(i) + 1)
		k.Tabs[i] = bind([]string{n}, n, tabHelp(i))
	}
	return k
}

func newFilterKeys() FilterKeys {
	return FilterKeys{
		Clear: bind([]string{"esc"}, "esc", "clear the filter"),
		Done:  bind([]string{"enter", "down"}, "enter/↓", "keep the filter, back to the list"),
	}
}

func newDetailKeys() DetailKeys {
	return DetailKeys{
		Back:        bind([]string{"esc", "left", "shift+tab"}, "esc/←/shift+tab", "back to the tools"),
		Up:          bind([]string{"up", "k"}, "↑/k", "scroll up"),
		Down:        bind([]string{"down", "j"}, "↓/j", "scroll down"),
		PageUp:      bind([]string{"pgup"}, "pgup", "page up"),
		PageDown:    bind([]string{"pgdown", "space"}, "pgdown/space", "page down"),
		Home:        bind([]string{"home", "g"}, "home/g", "top"),
		End:         bind([]string{"end", "G"}, "end/G", "bottom"),
		Call:        bind([]string{"ctrl+s"}, "ctrl+s", "call the tool"),
		CopyResult:  bind([]string{"y"}, "y", "copy the result"),
		CopyArgs:    bind([]string{"a"}, "a", "copy the arguments"),
		CopyCommand: bind([]string{"c"}, "c", "copy a toolbench call command line"),
		AsTask:      bind([]string{"ctrl+t"}, "ctrl+t", asTaskHelp),
		Filter:      bind([]string{"/"}, "/", "back to the tool list, filtering it"),
	}
}

func newLintKeys() LintKeys {
	return LintKeys{
		Up:       bind([]string{"up", "k"}, "↑/k", "previous finding"),
		Down:     bind([]string{"down", "j"}, "↓/j", "next finding"),
		PageUp:   bind([]string{"pgup"}, "pgup", "five findings back"),
		PageDown: bind([]string{"pgdown", "space"}, "pgdown/space", "five findings on"),
		First:    bind([]string{"home", "g"}, "home/g", "first finding"),
		Last:     bind([]string{"end", "G"}, "end/G", "last finding"),
		Show:     bind([]string{"enter"}, "enter", "show the finding's field in the form"),
	}
}

func newProviderKeys() ProviderKeys {
	return ProviderKeys{
		Next: bind([]string{"right", "l"}, "→/l", "next provider"),
		Prev: bind([]string{"left", "h"}, "←/h", "previous provider"),
	}
}

// listKeys are the keys that move and filter the tool list.
func (k KeyMap) listKeys() widget.ListKeys {
	lk := k.List
	return widget.ListKeys{Nav: widget.Nav{Up: lk.Up, Down: lk.Down, PageUp: lk.PageUp, PageDown: lk.PageDown,
		Home: lk.Home, End: lk.End}, Filter: lk.Filter, Done: k.Filter.Done, Clear: k.Filter.Clear}
}

// tabHelp says what tab i shows.
func tabHelp(i tab) string { return "the " + tabNames[i] + " tab: " + tabAbout[i] }

// tabAbout says what each tab shows, for the help screen.
var tabAbout = [tabCount]string{
	"fill in the arguments",
	"the input schema as sent",
	"the output schema as sent",
	"what lint finds in the schema",
	"the tool as each provider takes it",
	"description, annotations, _meta",
	"the last call's result",
	"what each MCP host does with the tool, and why",
}

// matchTab returns the tab whose binding in tabs msg is, if any.
func matchTab(msg tea.KeyPressMsg, tabs [tabCount]key.Binding) (tab, bool) {
	for i, b := range tabs {
		if key.Matches(msg, b) {
			return tab(i), true
		}
	}
	return 0, false
}

// hint is screen.Hint under a short name.
func hint(b key.Binding, does string) [2]string { return screen.Hint(b, does) }

// hintPair is screen.HintPair under a short name.
func hintPair(a, b key.Binding, does string) [2]string { return screen.HintPair(a, b, does) }
