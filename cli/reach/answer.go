package reach

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// logLevels are the syslog levels of MCP logging, least severe first.
var logLevels = client.LogLevels()

// askFlags are the flags of every command that connects about what the
// server may ask or send besides answers: the roots it is offered and the
// log messages it is asked for.
type askFlags struct {
	roots    []string
	logLevel string
}

func (a *askFlags) addFlags(fs *pflag.FlagSet) {
	fs.StringArrayVar(&a.roots, "root", nil,
		"offer the server this `DIR` as a root (repeatable; default: the current directory)")
	fs.StringVar(&a.logLevel, "log-level", "",
		"ask the server for log messages at `LEVEL` and above ("+strings.Join(logLevels, ", ")+") and print them on stderr")
}

// apply checks the flags and puts them into srv: the roots, made absolute,
// answer every roots/list (call and probe add policies for the rest), and
// with --log-level the server's log messages are printed on st's stderr.
func (a *askFlags) apply(st *iostreams.Streams, srv *Server) error {
	roots, err := answer.ResolveRoots(a.roots)
	if err != nil {
		return usage.Errorf("--root %v", err)
	}
	srv.Roots = roots
	srv.Options.Answer = answer.Policies{Roots: roots}.Answerer()
	if a.logLevel == "" {
		return nil
	}
	if !slices.Contains(logLevels, a.logLevel) {
		return usage.Errorf("--log-level %q: want one of %s", a.logLevel, strings.Join(logLevels, ", "))
	}
	srv.Options.LogLevel = a.logLevel
	prev := srv.Options.OnEvent
	srv.Options.OnEvent = func(e client.Event) {
		if prev != nil {
			prev(e)
		}
		if le, ok := e.(client.LogEvent); ok {
			fmt.Fprintln(st.Err, logLine(le))
		}
	}
	return nil
}

// logLine renders a server's log message on one line, safe for a
// terminal: a string datum as its text, anything else as compact JSON.
func logLine(e client.LogEvent) string {
	data := string(e.Data)
	var s string
	if json.Unmarshal(e.Data, &s) == nil {
		data = s
	} else {
		var b bytes.Buffer
		if json.Compact(&b, e.Data) == nil {
			data = b.String()
		}
	}
	who := termsafe.Line(e.Level)
	if e.Logger != "" {
		who += " " + termsafe.Line(e.Logger)
	}
	return "toolbench: [server log] " + who + ": " + termsafe.Line(data)
}

// policyFlags are --elicit and --sample, how a command answers what a
// server asks mid-call. Files they name are read when the command runs,
// so a bad one fails before anything starts.
type policyFlags struct {
	elicit, sample string
}

func (p *policyFlags) addFlags(fs *pflag.FlagSet, elicitDefault, sampleDefault string) {
	fs.StringVar(&p.elicit, "elicit", elicitDefault,
		"answer elicitation with `POLICY`: accept-defaults, decline, cancel, or FILE.json holding the content to accept with")
	fs.StringVar(&p.sample, "sample", sampleDefault,
		"answer sampling with `POLICY`: reject, or FILE.json holding the CreateMessageResult to return")
}

// parse reads the policies; an unset flag leaves its policy nil, so that
// kind of ask goes unanswered and the command says which flag answers it.
func (p *policyFlags) parse() (AskPolicies, error) {
	var a AskPolicies
	if p.elicit != "" {
		v, err := answer.ParseElicit(p.elicit)
		if err != nil {
			return a, usage.Errorf("--elicit %v", err)
		}
		a.Elicit = &v
	}
	if p.sample != "" {
		v, err := answer.ParseSample(p.sample)
		if err != nil {
			return a, usage.Errorf("--sample %v", err)
		}
		a.Sample = &v
	}
	return a, nil
}

// AskPolicies are the parsed --elicit and --sample of a command.
type AskPolicies struct {
	// Elicit and Sample are nil when their flag was not given.
	Elicit *answer.Elicit
	Sample *answer.Sample
}

// Names are the policies as the person gave them, for a report; "" for
// one not given.
func (a AskPolicies) Names() (elicit, sample string) {
	if a.Elicit != nil {
		elicit = a.Elicit.String()
	}
	if a.Sample != nil {
		sample = a.Sample.String()
	}
	return elicit, sample
}

// Answerer composes the policies with the server's roots into the
// Answerer of one command; each ask is recorded in log when log is set.
// An ask the client could not place is given the tool calling names, the
// one tool whose call is under way; calling may be nil.
func (p AskPolicies) Answerer(st *iostreams.Streams, srv Server, calling func() string, log *answer.Log) client.Answerer {
	inner := answer.Policies{Elicit: p.Elicit, Sample: p.Sample, Roots: srv.Roots, Notice: st.Err, Log: log}.Answerer()
	return func(ctx context.Context, a client.Ask) (json.RawMessage, error) {
		if a.Tool == "" && calling != nil {
			a.Tool = calling()
		}
		return inner(ctx, a)
	}
}
