package reach

import "testing"

// TestServerKey: the key comes from the flag, the config name, the
// server's reported name, the file's "serverName", its base name, in
// that order, and says which.
func TestServerKey(t *testing.T) {
	t.Parallel()
	withName := []byte(`{"serverName": "planted", "tools": []}`)
	cases := []struct {
		keys       KeySources
		name, from string
	}{
		{KeySources{Flag: "f", Config: "c", Reported: "r"}, "f", FromFlag},
		{KeySources{Config: "c", Reported: "r"}, "c", FromConfig},
		{KeySources{Reported: "everything"}, "everything", FromServer},
		{KeySources{File: "dir/x.json", Data: withName}, "planted", FromFile},
		{KeySources{File: "dir/github.tools.json", Data: []byte(`{"tools": []}`)}, "github", FromFileName},
		{KeySources{File: "dir/tools.json", Data: []byte(`[]`)}, "tools", FromFileName},
		{KeySources{File: "-", Data: []byte(`[]`)}, DefaultKey, FromDefault},
	}
	for _, c := range cases {
		if name, from := ServerKey(c.keys); name != c.name || from != c.from {
			t.Errorf("%+v: got %q from %s, want %q from %s", c.keys, name, from, c.name, c.from)
		}
	}
}
