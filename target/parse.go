package target

import (
	"errors"
	"os"
	"regexp"
	"strings"

	"github.com/toolbench/toolbench/config"
	"github.com/toolbench/toolbench/internal/plural"
)

// DemoWord is the target word that names the built-in demo server.
const DemoWord = "demo"

// Settings are what a command's shared flags say about a server beyond
// its name. Parse checks each against the transport and applies it.
type Settings struct {
	// Env holds -e values: "KEY=VAL" sets KEY, a bare "KEY" passes
	// toolbench's own value of KEY through (see Target.Env).
	Env []string
	// InheritEnv passes toolbench's whole environment (--inherit-env).
	InheritEnv bool
	// Dir is the working directory of a stdio server (--cwd).
	Dir string
	// Headers are -H values as typed: "Name: value".
	Headers []string
	// CACertFile and Insecure are --ca-cert and --insecure.
	CACertFile string
	Insecure   bool
	// FollowRedirects is --follow-redirects.
	FollowRedirects bool
	// ConfigFile is --config: a file searched for server names before
	// the search path.
	ConfigFile string
}

// Parser turns the words that name a server into a Target. Its zero value
// searches no config files, knows no demo server and reads the process
// environment.
type Parser struct {
	// ConfigPaths lists the config files searched for a server name, in
	// precedence order (config.DefaultPaths in the product).
	ConfigPaths func() []string
	// Demo returns the target DemoWord names; nil leaves the word a
	// command like any other.
	Demo func() (Target, error)
	// LookupEnv reads toolbench's environment, for a bare -e KEY; nil
	// means os.LookupEnv.
	LookupEnv func(key string) (string, bool)
}

// noTargetHelp is the error of an empty target; it says how to name one.
const noTargetHelp = `no server given: name a command to start (toolbench tools npx -y some-server),
  a URL (toolbench tools http://127.0.0.1:3001/mcp), 'sse URL' / 'http URL', a server of
  your config files, or demo, the built-in demo server (toolbench demo opens the workbench on it)`

// Parse reads the server target from the arguments left after a command's
// flags, and applies s to it:
//
//	[stdio] [--] COMMAND [ARGS...]   a command to start over stdio
//	sse URL | http URL               HTTP+SSE or streamable HTTP
//	URL                              streamable HTTP, falling back to SSE
//	NAME                             a server of the config files
//	demo                             the built-in demo server
//
// A single word that no config file defines is a command. Every error
// matches ErrBadTarget and quotes no secret: URLs are redacted, header
// and environment values are never echoed.
func (p Parser) Parse(args []string, s Settings) (Target, error) {
	if s.ConfigFile != "" {
		// A file the person named is read even when no name is looked
		// up in it: a broken one is a mistake worth hearing about.
		if err := checkConfigFile(s.ConfigFile); err != nil {
			return Target{}, err
		}
	}
	t, err := p.words(args, s.ConfigFile)
	if err != nil {
		return Target{}, err
	}
	if err := p.apply(&t, s); err != nil {
		return Target{}, err
	}
	if err := t.Validate(); err != nil {
		return Target{}, err
	}
	return t, nil
}

// words reads what the arguments name, before any flag is applied.
func (p Parser) words(args []string, configFile string) (Target, error) {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return Target{}, badf("%s", noTargetHelp)
	}
	switch word := args[0]; {
	case word == "stdio":
		rest := args[1:]
		if len(rest) > 0 && rest[0] == "--" {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return Target{}, badf("'stdio' needs a command to start")
		}
		return Target{Transport: Stdio, Command: rest[0], Args: rest[1:]}, nil
	case word == "sse" || word == "http":
		if len(args) != 2 {
			return Target{}, badf("'%s' takes exactly one URL, got %s", word, plural.Count(len(args)-1, "argument"))
		}
		if word == "http" {
			return Target{Transport: StreamableHTTP, URL: args[1]}, nil
		}
		return Target{Transport: SSE, URL: args[1]}, nil
	case word == DemoWord && len(args) == 1 && p.Demo != nil:
		return p.Demo()
	case LooksLikeURL(word):
		if len(args) != 1 {
			return Target{}, badf("unexpected arguments after the URL: %s", joinArgs(args[1:]))
		}
		return Target{Transport: Auto, URL: word}, nil
	case len(args) == 1:
		named, found, err := p.configured(word, configFile)
		if err != nil || found {
			return named, err
		}
	}
	return Target{Transport: Stdio, Command: args[0], Args: args[1:]}, nil
}

// urlLike is "scheme://": what a person means as a URL, whichever scheme.
var urlLike = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://`)

// LooksLikeURL reports whether a word is meant as a URL: it starts with a
// scheme and "://". Validate then refuses schemes other than http and
// https, rather than starting ftp://host as a command.
func LooksLikeURL(word string) bool { return urlLike.MatchString(word) }

// checkConfigFile reads a --config file, which must exist and parse.
func checkConfigFile(path string) error {
	if _, err := os.Stat(path); err != nil {
		return badf("--config: %w", err)
	}
	if _, err := config.LoadNamed(path); err != nil {
		return &badTarget{err}
	}
	return nil
}

// configured looks a lone word up in the config files; found is false
// when no file defines it, and the word is then a command.
func (p Parser) configured(name, configFile string) (Target, bool, error) {
	s, err := config.Find(name, p.paths(configFile))
	switch {
	case errors.Is(err, config.ErrNotFound):
		return Target{}, false, nil
	case err != nil:
		return Target{}, false, &badTarget{err}
	}
	return fromConfig(s), true, nil
}

// Defines reports whether the config files (configFile, when given, then
// the search path) define name; err is the problem of a file that cannot
// be read or parsed, which may hide the definition.
func (p Parser) Defines(name, configFile string) (found bool, err error) {
	_, found, err = p.configured(name, configFile)
	return found, err
}

// Names lists the server names the config files define (configFile, when
// given, then the search path), for suggestions; files that cannot be
// parsed are left out.
func (p Parser) Names(configFile string) []string {
	servers, _ := config.All(p.paths(configFile))
	names := make([]string, len(servers))
	for i, s := range servers {
		names[i] = s.Name
	}
	return names
}

// paths is the config files searched: configFile, then the search path.
func (p Parser) paths(configFile string) []string {
	var paths []string
	if configFile != "" {
		paths = append(paths, configFile)
	}
	if p.ConfigPaths != nil {
		paths = append(paths, p.ConfigPaths()...)
	}
	return paths
}

// joinArgs quotes arguments for messages the way a shell would read them.
func joinArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}
