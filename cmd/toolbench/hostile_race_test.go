//go:build race

package main

// hostileLong says whether the commands are run with the 100,000-character
// payload: under the race detector, which makes parsing it about ten times
// slower, the short payloads take the same code paths.
const hostileLong = false
