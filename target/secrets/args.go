package secrets

import "strings"

// ArgSecret is where a command line holds a secret: a flag named like a
// credential (--api-key=X, --password X).
type ArgSecret struct {
	// Index is the argument holding the value; Inline says the value is
	// after '=' in it, else Index is the flag's next argument.
	Index  int
	Inline bool
	// Name is the flag's name without its dashes; Value the secret.
	Name, Value string
}

// Args finds the secrets of a server's command line: the value of every
// flag IsName names, given as --flag=VALUE or as --flag VALUE (when the
// next argument is not a flag).
func Args(args []string) []ArgSecret {
	var out []ArgSecret
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, value, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "" || !IsName(name) {
			continue
		}
		switch {
		case inline && value != "":
			out = append(out, ArgSecret{Index: i, Inline: true, Name: name, Value: value})
		case !inline && i+1 < len(args) && args[i+1] != "" && !strings.HasPrefix(args[i+1], "-"):
			out = append(out, ArgSecret{Index: i + 1, Name: name, Value: args[i+1]})
		}
	}
	return out
}

// AddArgs adds the secrets of a server's command line (Args).
func (s *Set) AddArgs(args []string) {
	for _, a := range Args(args) {
		s.Add(a.Name, a.Value)
	}
}

// RewriteArgs returns a copy of args with each secret Args finds replaced
// by what replace returns for its variable name and value.
func RewriteArgs(args []string, replace func(name, value string) string) []string {
	out := append([]string(nil), args...)
	for _, a := range Args(args) {
		if a.Inline {
			out[a.Index] = out[a.Index][:len(out[a.Index])-len(a.Value)] + replace(VarName(a.Name), a.Value)
		} else {
			out[a.Index] = replace(VarName(a.Name), a.Value)
		}
	}
	return out
}
