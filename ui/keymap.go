package ui

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/form"
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
	Log       logKeys
	LogFilter logFilterKeys
	// LogDetail is an entry of the log opened (log_keys.go).
	LogDetail logDetailKeys
	Help      helpKeys
	Ask       askKeys
	Roots     rootsKeys
	RootsAdd  rootsAddKeys
	Level     levelKeys
	Auth      authKeys
	AuthPaste authPasteKeys
	// Tasks, TaskConfirm, TaskID and App are in keymap_tasks.go.
	Tasks       tasksKeys
	TaskConfirm taskConfirmKeys
	TaskID      taskIDKeys
	App         appKeys
	Form        form.KeyMap
	// Resources, Prompts, Saving and Complete are the resources and
	// prompts screens (resources_keys.go).
	Resources resourcesKeys
	Prompts   promptsKeys
	Saving    savingKeys
	Complete  completeKeys
	// Mem is the memory screens' keys: history, presets, saved tests,
	// the diff since last time (keymap_memory.go).
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
}

// lintKeys pick a finding on the Lint tab, before the pane's own keys:
// the tab scrolls to keep the picked finding in view.
type lintKeys struct {
	Up, Down, PageUp, PageDown, First, Last, Show key.Binding
}

// providerKeys switch the provider on the Providers tab.
type providerKeys struct {
	Next, Prev key.Binding
}

// logKeys act on the log screen.
type logKeys struct {
	Back, Filter, Up, Down, PageUp, PageDown, Home, End key.Binding
	// Open opens the selected entry; Pair selects a frame's request or
	// response; Show steps through all, frames only, stderr only.
	Open, Pair, Show key.Binding
}

// logFilterKeys end or edit the log's filter; printable keys are typed
// into it.
type logFilterKeys struct {
	Done, Clear, Delete key.Binding
}

// askKeys answer what the server asks, in its modals. In a form (an
// elicitation, a sampling reply) Accept and Dismiss are the form's own
// submit and its esc at the top level.
type askKeys struct {
	Accept, Decline, Dismiss, CancelCall key.Binding
	// ConfirmCancel and KeepEditing answer the question esc at the top
	// of an elicitation form asks before cancelling it.
	ConfirmCancel, KeepEditing key.Binding
	// Open and Copy go on with a URL elicitation.
	Open, Copy key.Binding
	// ScrollUp and ScrollDown scroll a sampling request.
	ScrollUp, ScrollDown key.Binding
}

// rootsKeys act on the roots screen.
type rootsKeys struct {
	Up, Down, Add, Remove, Back key.Binding
}

// rootsAddKeys end the typing of a new root; the rest is typed into it.
type rootsAddKeys struct {
	Done, Cancel key.Binding
}

// levelKeys pick the server's log level.
type levelKeys struct {
	Up, Down, Pick, Back key.Binding
}

// authKeys act on the auth screen.
type authKeys struct {
	Up, Down, PageUp, PageDown key.Binding
	// Open, Copy and Paste go on with the authorization URL.
	Open, Copy, Paste key.Binding
	Back              key.Binding
}

// authPasteKeys end the pasting of a redirect; the rest is typed into it.
type authPasteKeys struct {
	Send, Cancel key.Binding
}

// helpKeys scroll and close the help screen.
type helpKeys struct {
	Up, Down, PageUp, PageDown, Home, End, Close key.Binding
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// newKeyMap returns the workbench's keys.
func newKeyMap() keyMap {
	return keyMap{Global: newGlobalKeys(), List: newListKeys(), Filter: newFilterKeys(), Detail: newDetailKeys(),
		Lint: newLintKeys(), Providers: newProviderKeys(), Log: newLogKeys(), LogFilter: newLogFilterKeys(),
		LogDetail: newLogDetailKeys(), Help: newHelpKeys(), Ask: newAskKeys(), Roots: newRootsKeys(), RootsAdd: newRootsAddKeys(), Level: newLevelKeys(),
		Auth: newAuthKeys(), AuthPaste: newAuthPasteKeys(), Form: form.DefaultKeyMap(),
		Tasks: newTasksKeys(), TaskConfirm: newTaskConfirmKeys(), TaskID: newTaskIDKeys(), App: newAppKeys(),
		Resources: newResourcesKeys(), Prompts: newPromptsKeys(), Saving: newSavingKeys(), Complete: newCompleteKeys(),
		Mem: newMemoryKeyMap(), Quit: newQuitKeys()}
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

func newLogKeys() logKeys {
	return logKeys{
		Back:     bind([]string{"esc", "q", "L"}, "esc/q/L", "back"),
		Filter:   bind([]string{"/"}, "/", logFilterHelp),
		Up:       bind([]string{"up", "k"}, "↑/k", "older"),
		Down:     bind([]string{"down", "j"}, "↓/j", "newer"),
		PageUp:   bind([]string{"pgup"}, "pgup", "page up"),
		PageDown: bind([]string{"pgdown"}, "pgdown", "page down"),
		Home:     bind([]string{"home", "g"}, "home/g", "oldest"),
		End:      bind([]string{"end", "G"}, "end/G", "newest"),
		Open:     bind([]string{"enter"}, "enter", "open the entry: the whole frame, pretty-printed"),
		Pair:     bind([]string{"p"}, "p", "go to the frame's request or response"),
		Show:     bind([]string{"s"}, "s", "show all, frames only, stderr only"),
	}
}

func newLogFilterKeys() logFilterKeys {
	return logFilterKeys{
		Done:   bind([]string{"enter"}, "enter", "keep the filter, back to the log"),
		Clear:  bind([]string{"esc"}, "esc", "clear the filter"),
		Delete: bind([]string{"backspace"}, "backspace", "delete the last character"),
	}
}

func newAskKeys() askKeys {
	return askKeys{
		Accept:     bind([]string{"ctrl+s"}, "ctrl+s", "accept: send the form's content or the reply"),
		Decline:    bind([]string{"alt+d"}, "alt+d", "decline the elicitation, reject the sampling request"),
		Dismiss:    bind([]string{"esc"}, "esc", "at a form's top: ask to cancel the elicitation, reject the sampling; cancel a URL elicitation"),
		CancelCall: bind([]string{"ctrl+x"}, "ctrl+x", "cancel the call the server asks during; with none, refuse the question"),
		Open:       bind([]string{"enter", "o"}, "enter/o", "open the URL (the browser, else copy) and accept"),
		Copy:       bind([]string{"c"}, "c", "copy the URL and accept"),
		ScrollUp:   bind([]string{"alt+k"}, "alt+k", "scroll the sampling request up"),
		ScrollDown: bind([]string{"alt+j"}, "alt+j", "scroll the sampling request down"),

		ConfirmCancel: bind([]string{"y", "Y"}, "y/Y", "cancel the elicitation (asked after esc at the form's top)"),
		KeepEditing:   bind([]string{"n", "N", "esc"}, "n/N/esc", "keep editing the elicitation form"),
	}
}

func newRootsKeys() rootsKeys {
	return rootsKeys{
		Up:     bind([]string{"up", "k"}, "↑/k", "previous root"),
		Down:   bind([]string{"down", "j"}, "↓/j", "next root"),
		Add:    bind([]string{"a", "+"}, "a/+", "add a directory"),
		Remove: bind([]string{"d", "delete", "-"}, "d/delete/-", "remove the root"),
		Back:   bind([]string{"esc", "q"}, "esc/q", "back"),
	}
}

func newRootsAddKeys() rootsAddKeys {
	return rootsAddKeys{
		Done:   bind([]string{"enter"}, "enter", "add the directory"),
		Cancel: bind([]string{"esc"}, "esc", "do not add"),
	}
}

func newLevelKeys() levelKeys {
	return levelKeys{
		Up:   bind([]string{"up", "k"}, "↑/k", "previous level"),
		Down: bind([]string{"down", "j"}, "↓/j", "next level"),
		Pick: bind([]string{"enter"}, "enter", "ask the server for this level and above"),
		Back: bind([]string{"esc", "q"}, "esc/q", "back"),
	}
}

func newAuthKeys() authKeys {
	return authKeys{
		Up:       bind([]string{"up", "k"}, "↑/k", "previous step"),
		Down:     bind([]string{"down", "j"}, "↓/j", "next step"),
		PageUp:   bind([]string{"pgup"}, "pgup", "scroll the step's detail up"),
		PageDown: bind([]string{"pgdown", "space"}, "pgdown/space", "scroll the step's detail down"),
		Open:     bind([]string{"o", "enter"}, "o/enter", "open the authorization URL in the browser"),
		Copy:     bind([]string{"c"}, "c", "copy the authorization URL"),
		Paste:    bind([]string{"p"}, "p", "paste the redirect URL or the code the browser shows"),
		Back:     bind([]string{"esc", "q"}, "esc/q", "close the auth screen; the flow goes on"),
	}
}

func newAuthPasteKeys() authPasteKeys {
	return authPasteKeys{
		Send:   bind([]string{"enter"}, "enter", "send the pasted redirect to the flow"),
		Cancel: bind([]string{"esc"}, "esc", "stop pasting"),
	}
}

func newHelpKeys() helpKeys {
	return helpKeys{
		Up:       bind([]string{"up", "k"}, "↑/k", "scroll up"),
		Down:     bind([]string{"down", "j"}, "↓/j", "scroll down"),
		PageUp:   bind([]string{"pgup"}, "pgup", "page up"),
		PageDown: bind([]string{"pgdown", "space"}, "pgdown/space", "page down"),
		Home:     bind([]string{"home", "g"}, "home/g", "top"),
		End:      bind([]string{"end", "G"}, "end/G", "bottom"),
		Close:    bind([]string{"esc", "q", "?", "f1", "enter"}, "esc/q/?/f1/enter", "close the help"),
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
