//go:build !race

package form

// hostileLong says whether the 100,000-character payload is rendered; see
// hostile_race_test.go.
const hostileLong = true
