//go:build race

package root

// faultScale divides the flood and the huge results under the race
// detector, which makes every JSON step about ten times slower: the full
// sizes run without it, the same code paths run with it.
const faultScale = 10
