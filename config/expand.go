package config

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// variable matches the ${...} references VS Code and Cursor allow in
// definitions: ${env:NAME}, ${workspaceFolder}, ${userHome}, ${input:id}.
var variable = regexp.MustCompile(`\$\{([^}]*)\}`)

// expand resolves the variables in a definition. ${input:...} asks the
// editor to prompt, which toolbench cannot do, and ${env:NAME} of a
// variable that is not set would silently become "" (a URL that 404s, a
// header that says "Bearer "): both are a *FileError that says so.
func expand(s Server) (Server, error) {
	var err error
	sub := func(v string) string {
		return variable.ReplaceAllStringFunc(v, func(m string) string {
			out, e := resolve(m[2:len(m)-1], s)
			if e != nil && err == nil {
				err = e
			}
			return out
		})
	}
	s.Command, s.URL, s.Cwd = sub(s.Command), sub(s.URL), sub(s.Cwd)
	s.Args = mapSlice(s.Args, sub)
	s.Env = mapValues(s.Env, sub)
	s.Headers = mapValues(s.Headers, sub)
	auth, authErr := expandAuth(s.Auth, s, sub)
	if err == nil {
		err = authErr
	}
	s.Auth = auth
	return s, err
}

func resolve(name string, s Server) (string, error) {
	kind, arg, _ := strings.Cut(name, ":")
	switch kind {
	case "env":
		if v, ok := os.LookupEnv(arg); ok {
			return v, nil
		}
		return "", &FileError{Path: s.Source, Err: fmt.Errorf("server %q uses ${env:%s}, which is not set in toolbench's environment; export %s, or set the value with -e or -H instead", s.Name, arg, arg)}
	case "workspaceFolder", "workspaceRoot":
		// The folder holding .vscode/ or .cursor/, or the working directory.
		dir := filepath.Dir(filepath.Dir(s.Source))
		if abs, err := filepath.Abs(dir); err == nil {
			return abs, nil
		}
		return dir, nil
	case "userHome":
		home, _ := os.UserHomeDir()
		return home, nil
	case "input":
		return "", &FileError{Path: s.Source, Err: fmt.Errorf("server %q uses ${input:%s}, which its editor prompts for; set the value with -e or -H instead", s.Name, arg)}
	}
	return "", &FileError{Path: s.Source, Err: fmt.Errorf("server %q uses ${%s}, which toolbench does not know", s.Name, name)}
}

func mapSlice(in []string, f func(string) string) []string {
	if in == nil {
		return nil
	}
	out := make([]string, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

func mapValues(in map[string]string, f func(string) string) map[string]string {
	if in == nil {
		return nil
	}
	out := make(map[string]string, len(in))
	for k, v := range in {
		out[k] = f(v)
	}
	return out
}
