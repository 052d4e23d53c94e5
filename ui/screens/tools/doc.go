// Package tools is the workbench's base screen: the tool list on the left
// and the selected tool's detail on the right, what shows when no other
// screen is pushed over it.
//
// It owns the list of tools (the list widget every screen uses), and the
// pieces of the detail pane as they move here from the root package. It
// imports no other screen and not the root ui package: what it needs of
// the session it declares as an interface, and cross-screen wishes are
// Actions the root interprets (ui/screen).
package tools
