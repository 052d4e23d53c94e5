// Package tools is the workbench's base screen: the tool list on the left
// and the selected tool's detail on the right, what shows when no other
// screen is pushed over it.
//
// It owns the list (the list widget every screen uses), the detail pane
// (its heading, the Form, Input, Output, Lint, Providers, Meta, Result and
// Hosts tabs, the tools' form editors, which live as long as the workbench),
// the renderings of the tabs made off the UI goroutine and cached by what
// the server sent, the Lint, Providers and Hosts tabs' cursors (the host
// verdicts come judged from the root, HostsJudged), a tool's MCP App
// resource, and the call lifecycle: the running call, its progress and
// clock, its cancelling, and the result judged and shown.
//
// It asks of the root what it cannot know: the live session, as the
// slice of it declared here (Session), the connection's state for the
// pane's heading (Conn), and a word when a call ends (Deps.Ended), so
// the root can withdraw the questions the call brought, record it and
// judge the connection. Cross-screen wishes (status, copy, quit,
// reconnect, the log) are Actions; the root's requests (a list of tools,
// a call or arguments from the history, a task's result, the host
// verdicts, a tool's Hosts tab) are messages (Listed, Call, Load,
// TaskResult, Cancel, HostsJudged, ShowHosts). Its keys are one KeyMap,
// from which its hints, its help sections and the palette's commands
// come.
// It imports no other screen and not the root ui package.
package tools
