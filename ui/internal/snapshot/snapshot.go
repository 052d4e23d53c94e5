// Package snapshot writes out every value reachable from a model, so that
// a test can tell whether a call changed any of it: View, which must only
// draw, or a key that no binding names, which must do nothing. It is for
// tests of the workbench and its form; the product does not use it.
package snapshot

import (
	"fmt"
	"hash/fnv"
	"reflect"
	"slices"
	"strings"
	"time"
)

// Opaque reports types (pointers already followed to what they point to)
// whose values are recorded by identity only: state that belongs to a
// library and changes under its own rules (huh fields restyle themselves
// on every View), and state that other goroutines write (sessions), which
// must not be read unlocked. Contexts, locks and time zones are always
// opaque.
type Opaque func(t reflect.Type) bool

// Take writes out v and everything it reaches. Pointers are followed once
// and named by address, so two snapshots of the same model compare equal
// exactly when no reachable value changed. Functions are left out: they
// cannot be compared.
func Take(v any, opaque Opaque) string {
	w := &walker{seen: map[uintptr]bool{}, opaque: opaque}
	w.value(reflect.ValueOf(v))
	return w.b.String()
}

type walker struct {
	b      strings.Builder
	seen   map[uintptr]bool
	opaque Opaque
}

// skip reports values written by type only.
func (w *walker) skip(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if w.opaque != nil && w.opaque(t) {
		return true
	}
	switch t.PkgPath() {
	case "context", "sync", "sync/atomic":
		return true
	}
	// time.Local loads the zone on first use, from any goroutine.
	return t == reflect.TypeFor[time.Location]()
}

func (w *walker) value(v reflect.Value) {
	if !v.IsValid() {
		w.b.WriteString("<nil>")
		return
	}
	if w.skip(v.Type()) {
		w.b.WriteString("opaque " + v.Type().String())
		if v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface && !v.IsNil() && v.Elem().Kind() == reflect.Pointer {
			fmt.Fprintf(&w.b, "@%x", w.addr(v))
		}
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		w.pointer(v)
	case reflect.Interface:
		if v.IsNil() {
			w.b.WriteString("nil")
			return
		}
		w.b.WriteString(v.Elem().Type().String() + ":")
		w.value(v.Elem())
	case reflect.Struct:
		w.b.WriteString("{")
		for i := range v.NumField() {
			w.b.WriteString(v.Type().Field(i).Name + "=")
			w.value(v.Field(i))
			w.b.WriteString(" ")
		}
		w.b.WriteString("}")
	case reflect.Slice, reflect.Array:
		w.list(v)
	case reflect.Map:
		w.mapping(v)
	case reflect.Func:
		w.b.WriteString("func")
	case reflect.Chan, reflect.UnsafePointer:
		fmt.Fprintf(&w.b, "%s@%x", v.Kind(), v.Pointer())
	default:
		w.scalar(v)
	}
}

func (w *walker) addr(v reflect.Value) uintptr {
	if v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	return v.Pointer()
}

func (w *walker) pointer(v reflect.Value) {
	if v.IsNil() {
		w.b.WriteString("nil")
		return
	}
	p := v.Pointer()
	fmt.Fprintf(&w.b, "@%x", p)
	if w.seen[p] {
		return
	}
	w.seen[p] = true
	w.b.WriteString("->")
	w.value(v.Elem())
}

func (w *walker) list(v reflect.Value) {
	if v.Kind() == reflect.Slice && v.IsNil() {
		w.b.WriteString("nil")
		return
	}
	if v.Type().Elem().Kind() == reflect.Uint8 {
		// Bytes are JSON documents and the like: their digest will do.
		h := fnv.New64a()
		if v.Kind() == reflect.Slice {
			h.Write(v.Bytes())
		} else {
			for i := range v.Len() {
				h.Write([]byte{byte(v.Index(i).Uint())})
			}
		}
		fmt.Fprintf(&w.b, "bytes(%d,%x)", v.Len(), h.Sum64())
		return
	}
	fmt.Fprintf(&w.b, "[%d:", v.Len())
	for i := range v.Len() {
		w.value(v.Index(i))
		w.b.WriteString(",")
	}
	w.b.WriteString("]")
}

// mapping writes a map's entries in the order of their written keys;
// pointer keys are written by address, so the order does not depend on
// what was walked first.
func (w *walker) mapping(v reflect.Value) {
	if v.IsNil() {
		w.b.WriteString("nil")
		return
	}
	type entry struct {
		key string
		val reflect.Value
	}
	var entries []entry
	for it := v.MapRange(); it.Next(); {
		k := it.Key()
		var ks string
		if k.Kind() == reflect.Pointer {
			ks = fmt.Sprintf("@%x", k.Pointer())
		} else {
			sub := &walker{seen: map[uintptr]bool{}, opaque: w.opaque}
			sub.value(k)
			ks = sub.b.String()
		}
		entries = append(entries, entry{ks, it.Value()})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	w.b.WriteString("map[")
	for _, e := range entries {
		w.b.WriteString(e.key + ":")
		w.value(e.val)
		w.b.WriteString(",")
	}
	w.b.WriteString("]")
}

func (w *walker) scalar(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		fmt.Fprintf(&w.b, "%t", v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fmt.Fprintf(&w.b, "%d", v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		fmt.Fprintf(&w.b, "%d", v.Uint())
	case reflect.Float32, reflect.Float64:
		fmt.Fprintf(&w.b, "%g", v.Float())
	case reflect.Complex64, reflect.Complex128:
		fmt.Fprintf(&w.b, "%g", v.Complex())
	case reflect.String:
		fmt.Fprintf(&w.b, "%q", v.String())
	}
}
