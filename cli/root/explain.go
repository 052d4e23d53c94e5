package root

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/cli/call"
	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/suggest"
	"github.com/toolbench/toolbench/client"
	words "github.com/toolbench/toolbench/explain"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/redirect"
)

// explain turns an error into the lines a person reads on stderr: what
// failed, then what the server left behind, then what to try. The
// sentences about connections, evidence and authorization are the
// explain package's, the workbench's too; the lines added here name the
// CLI's flags. The errors carry their evidence and hint as data.
func explain(err error) []string {
	lines := []string{err.Error()}
	var ae *call.ArgumentsError
	if errors.As(err, &ae) {
		for _, v := range ae.Violations {
			lines = append(lines, "  "+v.String())
		}
		return append(lines, "  hint: fix them, or send them anyway with --no-validate")
	}
	var sf *memory.SnapshotFileError
	if errors.As(err, &sf) {
		return append(lines, "  hint: each side of diff is a snapshot file ('toolbench snapshot -o FILE TARGET', or a saved 'tools --json') or a live target")
	}
	if hl := explainHosts(err); hl != nil {
		return append(lines, hl...)
	}
	var ua *client.UnansweredError
	if errors.As(err, &ua) {
		return append(lines, unansweredLines(ua.Ask)...)
	}
	if limit := limitLines(err); limit != nil {
		return append(lines, limit...)
	}
	w := words.Error(err, nil)
	lines = []string{w.Summary}
	for _, e := range w.Evidence {
		lines = append(lines, "  "+e)
	}
	if !words.IsAuth(err) {
		lines = append(lines, explainModern(err)...)
		lines = append(lines, explainBeyond(err)...)
		lines = append(lines, explainTasks(err)...)
	}
	h := w.Hint
	var re *reach.RefusedError
	var rd *redirect.Error
	if errors.As(err, &re) && !errors.As(err, &rd) {
		// The client's hint predates the login; this one names it. A
		// redirect's hint stays: the request never reached the server.
		h = refusalHint(re)
	}
	if h != "" {
		lines = append(lines, "  hint: "+h)
	}
	return lines
}

// explainModern puts a 2026-07-28 error (-32020, -32021, -32022) into
// words, with what its data says.
func explainModern(err error) []string {
	me, ok := client.ModernErrorOf(err)
	if !ok {
		return nil
	}
	switch me.Code {
	case client.CodeUnsupportedProtocolVersion:
		line := "  the server does not support protocol version " + quoteOr(me.Requested, "asked for")
		if len(me.Supported) > 0 {
			line += "; it supports " + strings.Join(suggest.QuoteAll(me.Supported), ", ")
		}
		return []string{line, "  hint: pick one of them with --protocol VERSION, or leave --protocol on auto"}
	case client.CodeMissingRequiredClientCapability:
		what := "a client capability toolbench did not declare"
		if len(me.RequiredCapabilities) > 0 {
			what = "client capabilities toolbench did not declare: " + strings.Join(suggest.QuoteAll(me.RequiredCapabilities), ", ")
		}
		return []string{"  the server requires " + what}
	case client.CodeHeaderMismatch:
		return []string{"  the server says the request's HTTP headers (Mcp-Method, Mcp-Name, Mcp-Param-*) do not match its body",
			"  hint: a proxy may have changed them; otherwise this is a toolbench bug worth reporting"}
	}
	return nil
}

// quoteOr quotes s, or says what was meant when it is empty.
func quoteOr(s, what string) string {
	if s == "" {
		return "it was " + what
	}
	return strconv.Quote(s)
}

// limitLines say which flag bounds a request a limit ended: the asks of
// --max-asks, the ceiling of --max-duration.
func limitLines(err error) []string {
	var al *client.AskLimitError
	switch {
	case errors.As(err, &al):
		return []string{fmt.Sprintf("  toolbench answered %s during the request and refused the next", plural.Count(al.Limit, "ask")),
			"  hint: the server may be asking in a loop; if the tool really asks this much, raise --max-asks"}
	case errors.Is(err, client.ErrMaxDuration):
		return []string{"  progress extends --timeout, but only up to --max-duration (default 10x --timeout)",
			"  hint: if the tool really runs this long, raise --max-duration"}
	}
	return nil
}

// unansweredLines say what the server asked that nothing answered, and
// which flag answers it.
func unansweredLines(a client.Ask) []string {
	s := answer.Summarize(a)
	switch a.Kind {
	case client.AskElicit:
		asked := fmt.Sprintf("  it asked for input (form): %q", s.Message)
		if s.Mode == "url" {
			asked = fmt.Sprintf("  it asked you to open %s: %q", s.URL, s.Message)
		}
		return []string{asked, "  hint: answer it with --elicit accept-defaults|decline|cancel|FILE.json (FILE holds the content to accept with)"}
	case client.AskSample:
		asked := fmt.Sprintf("  it asked for a model's reply to %s", plural.Count(s.Messages, "message"))
		if s.Message != "" {
			asked += fmt.Sprintf(", the last: %q", s.Message)
		}
		return []string{asked, "  hint: answer it with --sample reject|FILE.json (FILE holds the CreateMessageResult to return)"}
	}
	return nil
}
