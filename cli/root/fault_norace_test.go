//go:build !race

package root

// faultScale divides the flood and the huge results; without the race
// detector they run at full size.
const faultScale = 1
