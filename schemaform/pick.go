package schemaform

import "github.com/toolbench/toolbench/internal/jsondoc"

// pickVariant chooses the union variant a loaded value belongs to: by the
// discriminator when there is one, else the variant it fits best. -1 when
// it fits none.
func pickVariant(s *Shape, v *jsondoc.Value) int { return pickVariantAt(s, v, 0) }

func pickVariantAt(s *Shape, v *jsondoc.Value, depth int) int {
	if s.Discriminator != "" && v.IsObject() {
		if d := v.Get(s.Discriminator); d != nil {
			for i, vr := range s.Variants {
				if p := vr.Shape.Property(s.Discriminator); p != nil && canonicalRaw(p.Shape.Const) == canonical(d) {
					return i
				}
			}
		}
	}
	best, bestScore := -1, 0
	for i, vr := range s.Variants {
		if score := fit(vr.Shape, v, depth+1); score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// fit scores how well v matches shape s: 0 is no match, 1 barely (a raw
// field takes anything), higher is better.
func fit(s *Shape, v *jsondoc.Value, depth int) int {
	if depth > 16 {
		return 1
	}
	if v.Kind() == jsondoc.Null && s.Nullable {
		return 3
	}
	switch s.Kind {
	case KindRaw:
		return 1
	case KindString:
		return boolScore(v.IsString())
	case KindNumber:
		return boolScore(v.Kind() == jsondoc.Number)
	case KindInteger:
		return boolScore(v.Kind() == jsondoc.Number && isWholeNumber(v.Text()))
	case KindBoolean:
		return boolScore(v.Kind() == jsondoc.Bool)
	case KindNull:
		return boolScore(v.Kind() == jsondoc.Null)
	case KindConst:
		return 2 * boolScore(canonical(v) == canonicalRaw(s.Const))
	case KindEnum:
		return 2 * boolScore(findChoice(s.Choices, v) >= 0)
	case KindMultiSelect, KindArray:
		return boolScore(v.IsArray())
	case KindObject, KindMap:
		return fitObject(s, v)
	case KindUnion:
		if i := pickVariantAt(s, v, depth+1); i >= 0 {
			return fit(s.Variants[i].Shape, v, depth+1)
		}
	}
	return 0
}

func boolScore(ok bool) int {
	if ok {
		return 2
	}
	return 0
}

// fitObject prefers the variant that names the value's keys and whose
// required keys are present.
func fitObject(s *Shape, v *jsondoc.Value) int {
	if !v.IsObject() {
		return 0
	}
	score := 2
	for _, k := range v.Keys() {
		p := s.Property(k)
		switch {
		case p != nil && p.Shape.Kind == KindConst:
			if canonical(v.Get(k)) != canonicalRaw(p.Shape.Const) {
				return 0
			}
			score += 4
		case p != nil:
			score += 2
		case s.Object.Additional == nil && s.Object.AdditionalDeclared:
			score--
		}
	}
	for _, p := range s.Object.Properties {
		if p.Required && v.Get(p.Name) == nil {
			score -= 2
		}
	}
	return max(score, 1)
}
