package output

import (
	"errors"
	"time"
)

// Outcomes of a result already printed on stdout (PrintResult shows the
// isError line and the outputSchema verdict): returned as errors only to
// set the exit code, so cli/root's explainer says nothing more of them.
var (
	// ErrToolReportedError is a result the tool marked isError.
	ErrToolReportedError = errors.New("the tool reported an error (isError)")
	// ErrOutputInvalid is structuredContent that violates the tool's
	// outputSchema, or is missing where one is declared.
	ErrOutputInvalid = errors.New("structuredContent does not match the outputSchema")
)

// TTLWords says how long the server keeps a task: a call's task line and
// `task get` say it the same way.
func TTLWords(ttl *time.Duration) string {
	if ttl == nil {
		return "kept without limit"
	}
	return "kept " + ttl.String()
}
