package client

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/target"
)

// redactedError is an error whose text had the secrets of the URLs in it
// redacted; it wraps the original, so errors.Is and errors.As see through.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// redactErr hides the secrets of the URLs that net/http puts into its
// errors (`Post "http://user:pw@host/mcp?api_key=K": ...`): it masks the
// password but keeps the user name and the query. mcp-go wraps those errors
// with fmt.Errorf, whose message is fixed when it is made, so the text is
// rewritten where each *url.Error's URL appears in it; the chain itself is
// kept. It returns err as it is when no URL in it carries a secret.
func redactErr(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	changed := false
	for _, e := range chain(err) {
		ue, ok := e.(*url.Error)
		if !ok {
			continue
		}
		red := target.Redact(ue.URL)
		if red == ue.URL {
			continue
		}
		msg = strings.ReplaceAll(msg, strconv.Quote(ue.URL), strconv.Quote(red))
		msg = strings.ReplaceAll(msg, ue.URL, red)
		changed = true
	}
	if !changed {
		return err
	}
	return &redactedError{msg: msg, err: err}
}
