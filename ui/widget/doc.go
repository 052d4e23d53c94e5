// Package widget holds the pieces every screen shares, so they behave the
// same everywhere: the list (cursor, paging, fuzzy filter, mouse), the
// scrolling viewport, and the navigation key set both use. A screen keeps
// its rows; a widget keeps where the person is in them.
package widget
