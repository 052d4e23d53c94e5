package ui

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/form"
	askscreen "github.com/toolbench/toolbench/ui/screens/ask"
	"github.com/toolbench/toolbench/ui/widget"
)

// keyMap is every key the workbench acts on, by screen. Update matches keys
// against it, and the help screen and the hint lines are drawn from it, so
// what they show is what works. The form's own keys are the form editor's
// key map.
type keyMap struct {
	Global    globalKeys
	List      listKeys
	Filter    filterKeys
	Detail    detailKeys
	Lint      lintKeys
	Providers providerKeys
	// Ask answer the server's questions; the wait for a URL uses them too.
	Ask askscreen.Keys
	// App is in keymap_tasks.go.
	App  appKeys
	Form form.KeyMap
	// Resources is the Result tab's key that reads a resource link on
	// the resources screen (glue_beyond.go).
	Resources resourcesKeys
	// Mem is the keys that open the memory's screens: history, presets,
	// saved tests, the changes since last time (keymap_memory.go).
	Mem memoryKeyMap
	// Quit answers whether to quit while a call runs (quit.go).
	Quit quitKeys
}

// globalKeys work on every screen.
type globalKeys struct {
	Quit, Cancel, Reconnect, Log key.Binding
	// Roots opens the roots screen; LogLevel the log level picker; Auth
	// the auth screen.
	Roots, LogLevel, Auth key.Binding
	// Tasks opens the Tasks screen.
	Tasks key.Binding
	// Resources opens the resources screen; Prompts the prompts screen.
	Resources, Prompts key.Binding
	// Tabs[i] shows tab i.
	Tabs [tabCount]key.Binding
	// Help opens the help screen: ? where it is not typed as text, f1
	// anywhere.
	Help key.Binding
	// Palette opens the command palette from anywhere.
	Palette key.Binding
	// Open are the chord-free keys of the screens (keymap_open.go).
	Open openKeys
}

// listKeys act on the tool list.
type listKeys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Filter, Open, Call, Reconnect, Log    key.Binding
	// AsTask toggles calling a task-optional tool as a task.
	AsTask key.Binding
	Quit   key.Binding
	Tabs   [tabCount]key.Binding
}

// filterKeys end the tool filter; every other key is typed into it.
type filterKeys struct {
	Clear, Done key.Binding
}

// detailKeys act on the detail pane's text tabs.
type detailKeys struct {
	Back, Up, Down, PageUp, PageDown, Home, End key.Binding
	Call, CopyResult, CopyArgs, CopyCommand     key.Binding
	// AsTask toggles calling a task-optional tool as a task.
	AsTask key.Binding
	// Filter goes back to the tool list and starts its filter, so the
	// letters typed after it are never taken as the tab's keys.
	Filter key.Binding
}

// toolListKeys are the keys that move and filter the tool list.
func (k keyMap) toolListKeys() widget.ListKeys {
	lk := k.List
	return widget.ListKeys{Nav: widget.Nav{Up: lk.Up, Down: lk.Down, PageUp: lk.PageUp, PageDown: lk.PageDown,
		Home: lk.Home, End: lk.End}, Filter: lk.Filter, Done: k.Filter.Done, Clear: k.Filter.Clear}
}

// nav is the pane's scrolling keys as the one navigation set.
func (k detailKeys) nav() widget.Nav {
	return widget.Nav{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Home: k.Home, End: k.End}
}

// detailBottom is as far as home and end scroll a tab, beyond any text.
const detailBottom = 1 << 30

// lintKeys pick a finding on the Lint tab, before the pane's own keys:
// the tab scrolls to keep the picked finding in view.
type lintKeys struct {
	Up, Down, PageUp, PageDown, First, Last, Show key.Binding
}

// nav is the keys that move through the findings as the one navigation
// set, first and last as its home and end.
func (k lintKeys) nav() widget.Nav {
	return widget.Nav{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Home: k.First, End: k.Last}
}

// providerKeys switch the provider on the Providers tab.
type providerKeys struct {
	Next, Prev key.Binding
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// newKeyMap returns the workbench's keys.
func newKeyMap() keyMap {
	return keyMap{Global: newGlobalKeys(), List: newListKeys(), Filter: newFilterKeys(), Detail: newDetailKeys(),
		Lint: newLintKeys(), Providers: newProviderKeys(), Ask: askscreen.NewKeys(), Form: form.DefaultKeyMap(),
		App: newAppKeys(), Resources: newResourcesKeys(), Mem: newMemoryKeyMap(), Quit: newQuitKeys()}
}

func newGlobalKeys() globalKeys {
	k := globalKeys{
		Quit:      bind([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Cancel:    bind([]string{"esc"}, "esc", "cancel the running call (the server is told)"),
		Reconnect: bind([]string{"alt+r"}, "alt+r", "reconnect, keeping forms and results"),
		Log:       bind([]string{"alt+l"}, "alt+l", "show or hide the protocol log"),
		Roots:     bind([]string{"alt+o"}, "alt+o", "show or hide the roots the server may use: list, add, remove"),
		LogLevel:  bind([]string{"alt+v"}, "alt+v", "show or hide the picker of the server's log level"),
		Auth:      bind([]string{"alt+a"}, "alt+a", "show or hide the OAuth flow: each step, its requests, its verdict"),
		Tasks:     bind([]string{"alt+t"}, "alt+t", "show or hide the Tasks screen: the server's tasks, their status and results"),
		Resources: bind([]string{"alt+e"}, "alt+e", "show or hide the resources and resource templates"),
		Prompts:   bind([]string{"alt+p"}, "alt+p", "show or hide the prompts"),
		Help:      bind([]string{"?", "f1"}, "?/f1", "this help (f1 where ? is typed as text)"),
		Palette:   bind([]string{"ctrl+p"}, "ctrl+p", "the command palette: every screen and action, filtered as you type"),
		Open:      newOpenKeys(),
	}
	for i := range tabCount {
		n := strconv.Itoa(int(i) + 1)
		k.Tabs[i] = bind([]string{"alt+" + n}, "alt+"+n, tabHelp(i))
	}
	return k
}

func newListKeys() listKeys {
	k := listKeys{
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

func newFilterKeys() filterKeys {
	return filterKeys{
		Clear: bind([]string{"esc"}, "esc", "clear the filter"),
		Done:  bind([]string{"enter", "down"}, "enter/↓", "keep the filter, back to the list"),
	}
}

func newDetailKeys() detailKeys {
	return detailKeys{
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

func newLintKeys() lintKeys {
	return lintKeys{
		Up:       bind([]string{"up", "k"}, "↑/k", "previous finding"),
		Down:     bind([]string{"down", "j"}, "↓/j", "next finding"),
		PageUp:   bind([]string{"pgup"}, "pgup", "five findings back"),
		PageDown: bind([]string{"pgdown", "space"}, "pgdown/space", "five findings on"),
		First:    bind([]string{"home", "g"}, "home/g", "first finding"),
		Last:     bind([]string{"end", "G"}, "end/G", "last finding"),
		Show:     bind([]string{"enter"}, "enter", "show the finding's field in the form"),
	}
}

func newProviderKeys() providerKeys {
	return providerKeys{
		Next: bind([]string{"right", "l"}, "→/l", "next provider"),
		Prev: bind([]string{"left", "h"}, "←/h", "previous provider"),
	}
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
