package root

import (
	"testing"

	"github.com/toolbench/toolbench/target"
)

// TestShellQuote: the one quoter. Literal text stays literal whatever it
// holds ($, quotes, spaces, newlines, '!', non-ASCII); only a reference
// part expands, as $NAME, or ${NAME} where the text after it would read as
// part of the name. Each line is also read back by sh: the words it reads
// are the literal text with the variables filled in.
func TestShellQuote(t *testing.T) {
	t.Parallel()
	ref := func(n string) wordPart { return wordPart{ref: n} }
	tests := []struct {
		name string
		w    word
		want string
		read string
	}{
		{"bare", lit("--timeout"), `--timeout`, "--timeout"},
		{"empty", lit(""), `''`, ""},
		{"space", lit("a b"), `'a b'`, "a b"},
		{"dollar", lit("$HOME"), `'$HOME'`, "$HOME"},
		{"braced dollar", lit("${HOME}"), `'${HOME}'`, "${HOME}"},
		{"single quote", lit("it's"), `'it'\''s'`, "it's"},
		{"double quote", lit(`say "hi"`), `'say "hi"'`, `say "hi"`},
		{"newline", lit("a\nb"), "'a\nb'", "a\nb"},
		{"backslash and backquote", lit("a\\b`c`"), "'a\\b`c`'", "a\\b`c`"},
		{"non-ASCII", lit("café ☕"), `'café ☕'`, "café ☕"},
		{"reference alone", word{ref("TOKEN")}, `"$TOKEN"`, "T0K3N"},
		{"reference then name bytes", word{{lit: "k="}, ref("TOKEN"), {lit: "_x"}}, `"k=${TOKEN}_x"`, "k=T0K3N_x"},
		{"reference then punctuation", word{ref("TOKEN"), {lit: "@h"}}, `"$TOKEN@h"`, "T0K3N@h"},
		{"reference beside literal $ and quotes", word{{lit: `a "$HOME" `}, ref("TOKEN")}, `"a \"\$HOME\" $TOKEN"`, `a "$HOME" T0K3N`},
		{"reference beside '!'", word{{lit: "a!b?q=$HOME&key="}, ref("TOKEN")}, `'a!b?q=$HOME&key='"$TOKEN"`, "a!b?q=$HOME&key=T0K3N"},
		{"reference beside a newline", word{{lit: "x\n"}, ref("TOKEN")}, "\"x\n$TOKEN\"", "x\nT0K3N"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := joinLine([]word{tt.w})
			if got != tt.want {
				t.Errorf("quoted %q, want %q", got, tt.want)
			}
			read := shellWords(t, "toolbench "+got, map[string]string{"TOKEN": "T0K3N", "HOME": "/home/x"})
			if len(read) != 1 || read[0] != tt.read {
				t.Errorf("sh reads %q, want %q", read, tt.read)
			}
		})
	}
}

// TestLoginCommandQuotesLikeCopy: the login line a person is told to
// paste quotes with the same rule as the copied call: a URL's own '$' and
// '!' stay literal beside the variables that stand for its secrets.
func TestLoginCommandQuotesLikeCopy(t *testing.T) {
	t.Parallel()
	var a authFlags
	tgt := target.Target{Transport: target.StreamableHTTP, URL: "https://h.example/a!b?q=${HOME}&api_key=K9"}
	got := a.loginCommand(tgt, target.Settings{})
	want := `toolbench auth login http 'https://h.example/a!b?q=${HOME}&api_key='"$API_KEY"`
	if got != want {
		t.Errorf("login line\n got %s\nwant %s", got, want)
	}
	read := shellWords(t, got, map[string]string{"API_KEY": "K9", "HOME": "/home/x"})
	if last := read[len(read)-1]; last != "https://h.example/a!b?q=${HOME}&api_key=K9" {
		t.Errorf("sh reads the URL as %q", last)
	}
}
