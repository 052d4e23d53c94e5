package hosts

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/internal/plural"
)

// FailOn is --fail-on: the least harmful verdict that fails the command,
// or never.
type FailOn struct {
	// Never reports without failing.
	Never bool
	// At is the verdict at or past which a cell fails the command.
	At host.Verdict
}

// defaultFailOn is hidden: a tool or server a host drops, or a request it
// refuses, fails CI; a renamed tool, or one no source speaks about, does
// not unless asked for.
const defaultFailOn = "hidden"

// parseFailOn reads --fail-on: rejected, hidden, degraded, unknown or
// never.
func parseFailOn(s string) (FailOn, error) {
	if s == "never" {
		return FailOn{Never: true}, nil
	}
	v, err := host.ParseVerdict(s)
	if err != nil || v == host.Works {
		return FailOn{}, fmt.Errorf("--fail-on %q: want rejected, hidden, degraded, unknown or never", s)
	}
	return FailOn{At: v}, nil
}

// String is the flag's value as a person types it.
func (f FailOn) String() string {
	if f.Never {
		return "never"
	}
	return f.At.String()
}

// FailedError says that a verdict at or past --fail-on was printed: the
// command exits 1 (cli/root maps it) and the explainer says which.
type FailedError struct {
	// FailOn is the flag's verdict.
	FailOn host.Verdict
	// Worst is the most harmful verdict in the report.
	Worst host.Verdict
	// Cells counts the cells (server row included) at or past FailOn.
	Cells int
	// Hosts are the ids of the hosts with such a cell, in matrix order.
	Hosts []host.ID
}

// Error says how many verdicts failed and which hosts gave them.
func (e *FailedError) Error() string {
	return fmt.Sprintf("hosts: %s at or worse than %s (the worst %s) in %s",
		plural.Count(e.Cells, "verdict"), e.FailOn, e.Worst, hostList(e.Hosts))
}

// check returns the error --fail-on asks for, nil when nothing reaches it.
func (f FailOn) check(r *host.Report) error {
	if f.Never || r.Worst() < f.At {
		return nil
	}
	e := &FailedError{FailOn: f.At, Worst: r.Worst()}
	for _, id := range r.Hosts {
		n := 0
		if c := r.ServerRow.Hosts[id]; c != nil && c.Verdict >= f.At {
			n++
		}
		for _, row := range r.Tools {
			if c := row.Hosts[id]; c != nil && c.Verdict >= f.At {
				n++
			}
		}
		if n > 0 {
			e.Cells += n
			e.Hosts = append(e.Hosts, id)
		}
	}
	return e
}

// hostList joins host ids for a sentence.
func hostList(ids []host.ID) string {
	words := make([]string, len(ids))
	for i, id := range ids {
		words[i] = string(id)
	}
	return strings.Join(words, ", ")
}
