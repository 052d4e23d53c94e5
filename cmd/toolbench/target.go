package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/config"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/target"
)

// targetOptions are the flags every command that talks to a server shares.
type targetOptions struct {
	env     []string
	cwd     string
	headers []string
	timeout string
	verbose bool
	config  string
}

func (o *targetOptions) addFlags(fs *pflag.FlagSet) {
	fs.StringArrayVarP(&o.env, "env", "e", nil, "add `KEY=VAL` to a stdio server's environment (repeatable)")
	fs.StringVar(&o.cwd, "cwd", "", "working `directory` of a stdio server")
	fs.StringArrayVarP(&o.headers, "header", "H", nil, "add an HTTP header `'Name: value'` (repeatable)")
	fs.StringVar(&o.timeout, "timeout", "60s", "bound each request (30s, 2m; a bare number means seconds); progress extends a call's")
	fs.BoolVarP(&o.verbose, "verbose", "v", false, "say what toolbench does: the transport chosen, the server's stderr")
	fs.StringVar(&o.config, "config", "", "look server names up in this `file` first (mcpServers JSON)")
}

const noTargetHelp = `no server given: name a command to start (toolbench tools npx -y some-server),
  a URL (toolbench tools http://127.0.0.1:3001/mcp), or 'sse URL' / 'http URL'`

// parseTarget reads the server target from the arguments left after flags.
func (o *targetOptions) parseTarget(args []string) (target.Target, error) {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return target.Target{}, usagef(noTargetHelp)
	}
	var t target.Target
	switch word := args[0]; {
	case word == "stdio":
		rest := args[1:]
		if len(rest) > 0 && rest[0] == "--" {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return t, usagef("'stdio' needs a command to start")
		}
		t = target.Target{Transport: target.Stdio, Command: rest[0], Args: rest[1:]}
	case word == "sse" || word == "http":
		if len(args) != 2 {
			return t, usagef("'%s' takes exactly one URL, got %d arguments", word, len(args)-1)
		}
		t = target.Target{Transport: target.SSE, URL: args[1]}
		if word == "http" {
			t.Transport = target.StreamableHTTP
		}
	case word == demoWord && len(args) == 1:
		demo, err := demoTarget()
		if err != nil {
			return t, err
		}
		t = demo
	case isURL(word):
		if len(args) != 1 {
			return t, usagef("unexpected arguments after the URL: %s", joinArgs(args[1:]))
		}
		t = target.Target{Transport: target.Auto, URL: word}
	default:
		named, found, err := o.configured(args)
		if err != nil {
			return t, err
		}
		t = named
		if !found {
			t = target.Target{Transport: target.Stdio, Command: word, Args: args[1:]}
		}
	}
	if err := o.applyTo(&t); err != nil {
		return t, err
	}
	if err := t.Validate(); err != nil {
		return t, usageError{err}
	}
	return t, nil
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// configPaths lists the config files searched; tests point it elsewhere so
// that a developer's own files cannot change their outcome.
var configPaths = config.DefaultPaths

// configured looks a lone word up in the mcpServers files people keep for
// Claude Desktop, Cursor and VS Code; found is false when no file names it,
// and the word is then a command.
func (o *targetOptions) configured(args []string) (target.Target, bool, error) {
	if len(args) != 1 {
		return target.Target{}, false, nil
	}
	paths := configPaths()
	if o.config != "" {
		if _, err := os.Stat(o.config); err != nil {
			return target.Target{}, false, usagef("--config: %v", err)
		}
		paths = append([]string{o.config}, paths...)
	}
	s, err := config.Find(args[0], paths)
	if errors.Is(err, config.ErrNotFound) {
		return target.Target{}, false, nil
	}
	if err != nil {
		return target.Target{}, false, usageError{err}
	}
	return targetFromConfig(s), true, nil
}

func targetFromConfig(s config.Server) target.Target {
	t := target.Target{Name: s.Name, Command: s.Command, Args: s.Args, Dir: s.Cwd, URL: s.URL}
	switch s.Type {
	case "stdio":
		t.Transport = target.Stdio
	case "sse":
		t.Transport = target.SSE
	case "http":
		t.Transport = target.StreamableHTTP
	default:
		t.Transport = target.Auto
	}
	for _, k := range sortedKeys(s.Env) {
		t.Env = append(t.Env, k+"="+s.Env[k])
	}
	if len(s.Headers) > 0 {
		t.Header = http.Header{}
		for _, k := range sortedKeys(s.Headers) {
			t.Header.Set(k, s.Headers[k])
		}
	}
	return t
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// applyTo adds environment, directory and headers, refusing the ones that
// do not fit the transport rather than ignoring them.
func (o *targetOptions) applyTo(t *target.Target) error {
	if t.Transport == target.Stdio {
		if len(o.headers) > 0 {
			return usagef("-H/--header applies to HTTP servers; %q is started over stdio", t.Command)
		}
		for _, kv := range o.env {
			if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
				return usagef("-e %q: want KEY=VAL", kv)
			}
		}
		t.Env = append(t.Env, o.env...)
		if o.cwd != "" {
			t.Dir = o.cwd
		}
		return nil
	}
	if len(o.env) > 0 || o.cwd != "" {
		return usagef("-e and --cwd apply to stdio servers; %s is reached over HTTP", t.URL)
	}
	if t.Header == nil {
		t.Header = http.Header{}
	}
	for _, h := range o.headers {
		name, value, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return usagef("-H %q: want 'Name: value'", h)
		}
		t.Header.Add(name, strings.TrimSpace(value))
	}
	return nil
}

// parseTimeout reads a duration; a bare number means seconds.
func parseTimeout(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f <= 0 {
			return 0, usagef("--timeout %q: must be positive", s)
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, usagef("--timeout %q: want a positive duration such as 30s or 2m, or a number of seconds", s)
	}
	return d, nil
}

// connect parses the target and opens a session, reporting progress on
// stderr when -v is set.
func (o *targetOptions) connect(ctx context.Context, st *streams, args []string) (*client.Session, error) {
	t, opts, err := o.resolve(st, args)
	if err != nil {
		return nil, err
	}
	return client.Connect(ctx, t, opts)
}

// resolve parses the target and the session options from the flags.
func (o *targetOptions) resolve(st *streams, args []string) (target.Target, client.Options, error) {
	t, err := o.parseTarget(args)
	if err != nil {
		return t, client.Options{}, err
	}
	timeout, err := parseTimeout(o.timeout)
	if err != nil {
		return t, client.Options{}, err
	}
	opts := client.Options{Timeout: timeout, ClientVersion: version}
	if o.verbose {
		opts.Logf = func(format string, a ...any) { fmt.Fprintf(st.Err, "toolbench: "+format+"\n", a...) }
		opts.OnEvent = func(e client.Event) {
			if se, ok := e.(client.StderrEvent); ok {
				fmt.Fprintf(st.Err, "[server] %s\n", termsafe.Line(se.Line))
			}
		}
		if t.Name != "" {
			opts.Logf("server %q from the config files: %s", t.Name, t)
		} else {
			opts.Logf("connecting to %s", t)
		}
	}
	return t, opts, nil
}
