package snapshot

import (
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// changes collects the changes of one item.
type changes struct{ list []Change }

// add records a change with the values on each side.
func (c *changes) add(sev Severity, rule, ptr string, old, new *jsondoc.Value, format string, args ...any) {
	c.list = append(c.list, Change{Severity: sev, Rule: rule, Pointer: ptr, Old: raw(old), New: raw(new),
		Summary: fmt.Sprintf(format, args...)})
}

// wording records a changed description, title or name as a word diff;
// wording never breaks a call, but it steers the models that read it.
func (c *changes) wording(rule, ptr, what string, old, new *jsondoc.Value) {
	if old == nil && new == nil || same(old, new) {
		return
	}
	ch := Change{Severity: NonBreaking, Rule: rule, Pointer: ptr, Old: raw(old), New: raw(new)}
	switch {
	case old == nil:
		ch.Summary = what + " added"
	case new == nil:
		ch.Summary = what + " removed"
	default:
		ch.Summary = what + " changed"
	}
	ch.Text = wordDiff(old.Text(), new.Text())
	c.list = append(c.list, ch)
}
