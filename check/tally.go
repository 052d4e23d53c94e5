package check

import (
	"slices"
	"strings"

	"github.com/toolbench/toolbench/internal/plural"
)

// Tally is how many findings there are of each severity, and how many of
// them block some provider's converted form.
type Tally struct {
	Errors, Warnings, Infos int
	// Blocking counts the findings, of any severity, whose Blocks is set;
	// Blocked names the providers they block, in the order first named.
	Blocking int
	Blocked  []string
}

// Count tallies findings.
func Count(fs []Finding) Tally {
	var t Tally
	for _, f := range fs {
		switch f.Severity {
		case Error:
			t.Errors++
		case Warning:
			t.Warnings++
		default:
			t.Infos++
		}
		if f.Blocking() {
			t.Blocking++
		}
		for _, p := range f.Blocks {
			if !slices.Contains(t.Blocked, p) {
				t.Blocked = append(t.Blocked, p)
			}
		}
	}
	return t
}

// Of returns the count of one severity.
func (t Tally) Of(s Severity) int {
	switch s {
	case Error:
		return t.Errors
	case Warning:
		return t.Warnings
	}
	return t.Infos
}

// String says the counts the way every summary of findings does: "3
// errors, 5 warnings, 2 infos", each severity named even at zero, so the
// line reads the same whatever was found.
func (t Tally) String() string {
	return plural.Count(t.Errors, "error") + ", " + plural.Count(t.Warnings, "warning") + ", " + plural.Count(t.Infos, "info")
}

// Severities lists the severities, most serious first: the order findings
// are shown in.
func Severities() []Severity { return []Severity{Error, Warning, Info} }

// Blocks says which providers' forms the findings block, "" when none:
// "3 findings block openai-strict", "1 finding blocks openai, gemini".
func (t Tally) Blocks() string {
	if t.Blocking == 0 {
		return ""
	}
	verb := " block "
	if t.Blocking == 1 {
		verb = " blocks "
	}
	return plural.Count(t.Blocking, "finding") + verb + "the " + strings.Join(t.Blocked, ", ") + " form"
}
