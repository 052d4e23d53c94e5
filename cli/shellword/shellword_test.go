package shellword

import (
	"testing"

	"github.com/toolbench/toolbench/internal/testkit"
)

// TestShellQuote: the one quoter. Literal text stays literal whatever it
// holds ($, quotes, spaces, newlines, '!', non-ASCII); only a reference
// part expands, as $NAME, or ${NAME} where the text after it would read as
// part of the name. Each line is also read back by sh: the words it reads
// are the literal text with the variables filled in.
func TestShellQuote(t *testing.T) {
	t.Parallel()
	ref := func(n string) Part { return Part{Ref: n} }
	tests := []struct {
		name string
		w    Word
		want string
		read string
	}{
		{"bare", Lit("--timeout"), `--timeout`, "--timeout"},
		{"empty", Lit(""), `''`, ""},
		{"space", Lit("a b"), `'a b'`, "a b"},
		{"dollar", Lit("$HOME"), `'$HOME'`, "$HOME"},
		{"braced dollar", Lit("${HOME}"), `'${HOME}'`, "${HOME}"},
		{"single quote", Lit("it's"), `'it'\''s'`, "it's"},
		{"double quote", Lit(`say "hi"`), `'say "hi"'`, `say "hi"`},
		{"newline", Lit("a\nb"), "'a\nb'", "a\nb"},
		{"backslash and backquote", Lit("a\\b`c`"), "'a\\b`c`'", "a\\b`c`"},
		{"non-ASCII", Lit("café ☕"), `'café ☕'`, "café ☕"},
		{"reference alone", Word{ref("TOKEN")}, `"$TOKEN"`, "T0K3N"},
		{"reference then name bytes", Word{{Lit: "k="}, ref("TOKEN"), {Lit: "_x"}}, `"k=${TOKEN}_x"`, "k=T0K3N_x"},
		{"reference then punctuation", Word{ref("TOKEN"), {Lit: "@h"}}, `"$TOKEN@h"`, "T0K3N@h"},
		{"reference beside literal $ and quotes", Word{{Lit: `a "$HOME" `}, ref("TOKEN")}, `"a \"\$HOME\" $TOKEN"`, `a "$HOME" T0K3N`},
		{"reference beside '!'", Word{{Lit: "a!b?q=$HOME&key="}, ref("TOKEN")}, `'a!b?q=$HOME&key='"$TOKEN"`, "a!b?q=$HOME&key=T0K3N"},
		{"reference beside a newline", Word{{Lit: "x\n"}, ref("TOKEN")}, "\"x\n$TOKEN\"", "x\nT0K3N"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Join([]Word{tt.w})
			if got != tt.want {
				t.Errorf("quoted %q, want %q", got, tt.want)
			}
			read := testkit.ShellWords(t, "toolbench "+got, map[string]string{"TOKEN": "T0K3N", "HOME": "/home/x"})
			if len(read) != 1 || read[0] != tt.read {
				t.Errorf("sh reads %q, want %q", read, tt.read)
			}
		})
	}
}
