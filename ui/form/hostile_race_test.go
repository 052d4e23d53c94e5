//go:build race

package form

// hostileLong says whether the 100,000-character payload is rendered: under
// the race detector, which makes that about ten times slower, the short
// payloads take the same code paths.
const hostileLong = false
