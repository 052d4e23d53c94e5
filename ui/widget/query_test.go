package widget

import "testing"

func TestQueryEndsTheSameWayForEveryOwner(t *testing.T) {
	t.Parallel()
	done, clear := NewList("x", "").Keys.Done, NewList("x", "").Keys.Clear
	q := NewQuery("search")
	q.Start()
	if changed, _ := q.Update(press("a"), done, clear); !changed || q.Value() != "a" || !q.Typing() {
		t.Fatalf("typing a: changed %v, value %q, typing %v", changed, q.Value(), q.Typing())
	}
	if changed, _ := q.Update(press("enter"), done, clear); changed || q.Value() != "a" || q.Typing() || !q.Shows() {
		t.Fatalf("done: changed %v, value %q, typing %v, shows %v; want the text kept, typing over",
			changed, q.Value(), q.Typing(), q.Shows())
	}
	q.Start()
	if changed, _ := q.Update(press("esc"), done, clear); !changed || q.Value() != "" || q.Typing() || q.Shows() {
		t.Fatalf("clear: changed %v, value %q, typing %v, shows %v; want it empty and gone",
			changed, q.Value(), q.Typing(), q.Shows())
	}
}
