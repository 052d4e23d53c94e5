package host

import (
	"encoding/json"
	"fmt"
)

// Verdict is what happens to a tool, or a whole server, in one host. The
// order is the order of harm: a cell's verdict is the worst of its
// findings'.
type Verdict int

// Verdicts, least harmful first.
const (
	// Works: no sourced rule says the host changes or drops this.
	Works Verdict = iota
	// Unknown: the tool does something a rule covers for other hosts, and
	// no source says what this host does with it.
	Unknown
	// Degraded: the tool works, but renamed, truncated, with keywords
	// stripped, or with a different payload reaching the model.
	Degraded
	// Hidden: the host silently drops the tool, or the whole server.
	Hidden
	// Rejected: the host or its model provider answers with an error,
	// often on every turn until the tool is removed.
	Rejected
)

var verdictNames = [...]string{"works", "unknown", "degraded", "hidden", "rejected"}

// String names the verdict as the output and --fail-on spell it.
func (v Verdict) String() string {
	if v < Works || v > Rejected {
		return fmt.Sprintf("verdict(%d)", int(v))
	}
	return verdictNames[v]
}

var verdictCodes = [...]string{"ok", "?", "deg", "HID", "REJ"}

// Code is the verdict in at most three characters, for a matrix cell: the
// failing verdicts in capitals so they stand out without colour.
func (v Verdict) Code() string {
	if v < Works || v > Rejected {
		return "!"
	}
	return verdictCodes[v]
}

// MarshalJSON writes the verdict's name.
func (v Verdict) MarshalJSON() ([]byte, error) { return json.Marshal(v.String()) }

// UnmarshalJSON reads a verdict's name, so reports and expectations
// written as JSON read back.
func (v *Verdict) UnmarshalJSON(data []byte) error {
	var name string
	if err := json.Unmarshal(data, &name); err != nil {
		return err
	}
	p, err := ParseVerdict(name)
	if err != nil {
		return err
	}
	*v = p
	return nil
}

// ParseVerdict reads a verdict's name.
func ParseVerdict(name string) (Verdict, error) {
	for i, n := range verdictNames {
		if n == name {
			return Verdict(i), nil
		}
	}
	return 0, fmt.Errorf("unknown verdict %q (want works, unknown, degraded, hidden or rejected)", name)
}

// Verdicts lists every verdict, least harmful first.
func Verdicts() []Verdict { return []Verdict{Works, Unknown, Degraded, Hidden, Rejected} }
