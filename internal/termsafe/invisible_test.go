package termsafe

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestInvisibleShown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"zero-width space", "get\u200bdata", "get⟨U+200B⟩data"},
		{"word joiner and invisible times", "a\u2060b\u2062c", "a⟨U+2060⟩b⟨U+2062⟩c"},
		{"soft hyphen", "co\u00adop", "co⟨U+00AD⟩op"},
		{"byte-order mark", "\ufeffname", "⟨U+FEFF⟩name"},
		{"line and paragraph separators", "a\u2028b\u2029c", "a⟨U+2028⟩b⟨U+2029⟩c"},
		{"mongolian vowel separator", "a\u180eb", "a⟨U+180E⟩b"},
		{"tag characters", "ok\U000E0001\U000E0069\U000E0067\U000E007F", "ok⟨U+E0001⟩⟨U+E0069⟩⟨U+E0067⟩⟨U+E007F⟩"},
		{"hangul filler", "a\u3164b", "a⟨U+3164⟩b"},
		{"selector after a symbol kept", "\u2764\ufe0f", "\u2764\ufe0f"},
		{"second selector shown", "\u2764\ufe0f\ufe01", "\u2764\ufe0f⟨U+FE01⟩"},
		{"selector at the start shown", "\ufe0fx", "⟨U+FE0F⟩x"},
		{"joiner between pictographs kept", "\U0001F468\u200d\U0001F469", "\U0001F468\u200d\U0001F469"},
		{"joiner between letters shown", "a\u200db", "a⟨U+200D⟩b"},
		{"joiner at the end shown", "\U0001F468\u200d", "\U0001F468⟨U+200D⟩"},
		{"visible text untouched", "naïve café 世界 ±", "naïve café 世界 ±"},
		{"bidi keeps its escape", "a\u202eb", `a\u202eb`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Line(tt.in); got != tt.want {
				t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := Text(tt.in); got != tt.want {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestFind(t *testing.T) {
	t.Parallel()
	got := Find("a\u200bb\U000E0041\u202e\u2764\ufe0f")
	want := []Hidden{{1, 0x200b}, {5, 0xe0041}, {9, 0x202e}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Find = %v, want %v", got, want)
	}
	if got[0].Tag() || !got[1].Tag() {
		t.Errorf("Tag: %v %v, want false true", got[0].Tag(), got[1].Tag())
	}
	if Find("plain ascii, 世界") != nil {
		t.Error("Find of visible text found something")
	}
}

func TestJSONInvisible(t *testing.T) {
	t.Parallel()
	in := "{\"get\u200bdata\": \"x\U000E0041\u00ad\"}"
	want := `{"get\u200bdata": "x\udb40\udc41\u00ad"}`
	got := string(JSON([]byte(in)))
	if got != want {
		t.Fatalf("JSON(%q) = %q, want %q", in, got, want)
	}
	var before, after any
	if err := json.Unmarshal([]byte(in), &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(got), &after); err != nil {
		t.Fatalf("no longer JSON: %v", err)
	}
	if !reflect.DeepEqual(before, after) {
		t.Errorf("JSON changed the value: %v, want %v", after, before)
	}
}
