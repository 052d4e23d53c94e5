package screen

// Stack is the screens shown over the workbench's base, the top one last.
// It replaces a flag per screen: what shows and what takes the keys is
// always the top, so the two cannot disagree.
type Stack struct{ items []Screen }

// Top is the screen on top, or nil when the base shows.
func (s *Stack) Top() Screen {
	if len(s.items) == 0 {
		return nil
	}
	return s.items[len(s.items)-1]
}

// Len is the number of screens over the base.
func (s *Stack) Len() int { return len(s.items) }

// Push shows sc on top. A screen already in the stack is moved to the
// top rather than shown twice.
func (s *Stack) Push(sc Screen) {
	s.Remove(sc.ID())
	s.items = append(s.items, sc)
}

// Pop removes the top screen and returns it; nil when the stack is empty.
func (s *Stack) Pop() Screen {
	top := s.Top()
	if top != nil {
		s.items = s.items[:len(s.items)-1]
	}
	return top
}

// Replace swaps the top screen for sc (pushes it on an empty stack).
func (s *Stack) Replace(sc Screen) {
	s.Pop()
	s.Push(sc)
}

// Find returns the screen id in the stack, or nil.
func (s *Stack) Find(id ID) Screen {
	for _, sc := range s.items {
		if sc.ID() == id {
			return sc
		}
	}
	return nil
}

// Remove takes screen id out of the stack wherever it is, reporting
// whether it was there.
func (s *Stack) Remove(id ID) bool {
	for i, sc := range s.items {
		if sc.ID() == id {
			s.items = append(s.items[:i], s.items[i+1:]...)
			return true
		}
	}
	return false
}

// Clear empties the stack, back to the base.
func (s *Stack) Clear() { s.items = s.items[:0] }

// Each calls f for every screen, bottom first: how messages meant for a
// screen that is not on top (its commands' replies) reach it.
func (s *Stack) Each(f func(Screen)) {
	for _, sc := range s.items {
		f(sc)
	}
}

// At is the i-th screen from the bottom.
func (s *Stack) At(i int) Screen { return s.items[i] }
