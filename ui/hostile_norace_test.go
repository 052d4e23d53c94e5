//go:build !race

package ui

// hostileLong says whether the 100,000-character payload is driven through
// the screens; see hostile_race_test.go.
const hostileLong = true
