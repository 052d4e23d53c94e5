//go:build race

package ui

// hostileLong says whether the 100,000-character payload is driven through
// the screens: under the race detector, which makes rendering it about ten
// times slower, the short payloads take the same code paths.
const hostileLong = false
