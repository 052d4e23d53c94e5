//go:build !race

package main

// hostileLong says whether the commands are run with the 100,000-character
// payload; see hostile_race_test.go.
const hostileLong = true
