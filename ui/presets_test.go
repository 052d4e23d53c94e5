package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screens/presets"
)

func TestPresetSaveLoadDelete(t *testing.T) {
	t.Parallel()
	mem := newFakeMemory()
	h := newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, 120, 30, nil)
	h.selectTool("weather_ok")
	h.loadArgs(`{"city":"Oslo","unit":"celsius"}`)
	h.key("alt+s")
	if v := h.view(); !strings.Contains(v, "Save the arguments of weather_ok as a preset") {
		t.Fatalf("alt+s should ask the name:\n%s", v)
	}
	h.key("enter")
	if v := h.view(); !strings.Contains(v, "type a name for the preset") {
		t.Errorf("an empty name is refused in the modal:\n%s", v)
	}
	h.typeText("oslo")
	h.key("enter")
	if ps := mem.presets["weather_ok"]; len(ps) != 1 || ps[0].Name != "oslo" || string(ps[0].Arguments) != `{"city":"Oslo","unit":"celsius"}` {
		t.Fatalf("presets = %+v", ps)
	}
	if v := h.view(); !strings.Contains(v, "saved the arguments of weather_ok as preset oslo") || onTop(h.m) == presets.ID {
		t.Errorf("the save should close the modal and say so:\n%s", v)
	}
	// The name used last is offered the next time.
	h.key("alt+s")
	if v := h.view(); !strings.Contains(v, "name: oslo") {
		t.Errorf("the modal should offer the last name:\n%s", v)
	}
	h.key("esc")
	if err := mem.SavePreset("weather_ok", "bergen", json.RawMessage(`{"city":"Bergen","unit":"fahrenheit"}`)); err != nil {
		t.Fatal(err)
	}
	h.key("alt+b")
	if v := h.view(); !strings.Contains(v, "Presets of weather_ok") || !strings.Contains(v, "bergen") || !strings.Contains(v, "oslo") {
		t.Fatalf("alt+b should list the presets:\n%s", v)
	}
	h.key("enter")
	if got := h.m.formArgs(); got != `{"city":"Bergen","unit":"fahrenheit"}` {
		t.Errorf("enter should load bergen; the form holds %s", got)
	}
	h.key("alt+b", "down", "d")
	if v := h.view(); !strings.Contains(v, "delete preset oslo?") {
		t.Errorf("d asks first:\n%s", v)
	}
	h.key("n")
	if len(mem.presets["weather_ok"]) != 2 {
		t.Errorf("n keeps it: %+v", mem.presets["weather_ok"])
	}
	h.key("d", "y")
	if ps := mem.presets["weather_ok"]; len(ps) != 1 || ps[0].Name != "bergen" {
		t.Errorf("y deletes oslo: %+v", ps)
	}
	if v := h.view(); !strings.Contains(v, "deleted preset oslo of weather_ok") || strings.Contains(v, "  oslo") {
		t.Errorf("the picker should list again without oslo:\n%s", v)
	}
}

// TestPresetKeysDoNotType: the preset keys are the form's no more: alt+s
// and alt+b never reach a field being typed.
func TestPresetKeysDoNotType(t *testing.T) {
	t.Parallel()
	h := newMemoryHarness(t, newFakeSession(t, fixtureTools), newFakeMemory(), 120, 30, nil)
	h.selectTool("echo")
	h.typeText("hi")
	h.key("alt+s", "esc", "alt+b", "esc")
	if got := h.m.formArgs(); got != `{"message":"hi"}` {
		t.Errorf("the form holds %s", got)
	}
}

// TestMemoryHintsFromTheMap: with a store, the form's hints name the
// preset keys and the Result tab's the save-as-test key, as the key map
// has them; without one they are not offered.
func TestMemoryHintsFromTheMap(t *testing.T) {
	t.Parallel()
	km := newMemoryKeyMap().Memory
	form := []string{render.FirstKey(km.SavePreset.Help().Key) + " save preset", render.FirstKey(km.Presets.Help().Key) + " presets"}
	result := []string{render.FirstKey(km.SaveTest.Help().Key) + " save as test"}
	for _, withStore := range []bool{true, false} {
		var mem Memory
		if withStore {
			mem = newFakeMemory()
		}
		h := newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, 160, 30, nil)
		h.selectTool("echo")
		check := func(where string, want []string) {
			t.Helper()
			lines := strings.Split(h.view(), "\n")
			last := lines[len(lines)-1]
			for _, w := range want {
				if strings.Contains(last, w) != withStore {
					t.Errorf("%s, store %t: hint %q shown %t: %s", where, withStore, w, !withStore, last)
				}
			}
		}
		check("form", form)
		h.typeText("hi")
		h.key("ctrl+s")
		check("Result tab", result)
	}
}
