package root

import (
	"errors"

	"github.com/toolbench/toolbench/redirect"
)

// redirectHint says what to do about a redirect toolbench would not
// follow to another origin, or returns "" when err holds none. It takes
// the place of any other hint: the request never reached the new origin,
// so nothing else is known about it.
func redirectHint(err error) string {
	var re *redirect.Error
	if !errors.As(err, &re) {
		return ""
	}
	return re.Hint()
}
