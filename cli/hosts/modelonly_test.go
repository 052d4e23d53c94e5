package hosts

import (
	"path/filepath"
	"strings"
	"testing"
)

// plantedSchema plants schema rules, several of which hold only with one
// provider's model behind the host (check/host/testdata).
var plantedSchema = filepath.Join("..", "..", "check", "host", "testdata", "planted-schema.json")

// TestModelOnlyVerdictsNamed: with no provider picked, the verdicts that
// hold only with some model behind a host that lets the person choose are
// listed under the matrix, by host, verdict and model; a host with one
// model (Claude Desktop's Anthropic rejection of union_root holds
// whatever the person does) is not; with a provider picked there is no
// such list.
func TestModelOnlyVerdictsNamed(t *testing.T) {
	t.Parallel()
	out, _ := run(t, "--tools-file", plantedSchema)
	for _, want := range []string{
		"\nOnly with some models: these verdicts hold when the host runs that model\n(--provider picks one).\n",
		"\n  cursor REJ with an anthropic model: the server, union_root\n",
		"\n  cursor REJ with a gemini model: roll_dice\n",
		"\n  zed HID with a gemini model: book_room, copy_range, ship_parcel, make_tree\n",
		"\n  librechat deg with a gemini model: roll_dice, save_note, rename_file,\n      draft_email, plan_trip, set_price\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "  claude-desktop ") {
		t.Errorf("a host with one model is listed as depending on the model:\n%s", out)
	}
	picked, _ := run(t, "--tools-file", plantedSchema, "--provider", "gemini")
	if strings.Contains(picked, "Only with some models") {
		t.Errorf("with a provider picked, verdicts are still listed as depending on the model:\n%s", picked)
	}
}
