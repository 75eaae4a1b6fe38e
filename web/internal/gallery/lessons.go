package gallery

import "fmt"

// Lesson is a group of the gallery's examples and comparisons on one
// subject, as the start page shows them: a newcomer picks a subject
// before a setup.
type Lesson struct {
	Name  string // its anchor on the start page: lower case, digits and dashes
	Title string // its heading, "MiniMax and AlphaBeta"
	Intro string // one sentence: what the lesson's examples teach
}

// fileLesson is one lesson as the gallery's file states it.
type fileLesson struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Intro string `json:"intro"`
}

// Lessons returns the gallery's lessons, in its order; callers do not
// change them.
func Lessons() []Lesson { return lessons }

// readLessons checks the lessons of the gallery's file: at least one, each
// with a name used once, a title and an introduction.
func readLessons(in []fileLesson) ([]Lesson, error) {
	if len(in) == 0 {
		return nil, fmt.Errorf("gallery: the gallery has no lessons: the start page shows its examples by lesson")
	}
	seen := map[string]bool{}
	out := make([]Lesson, 0, len(in))
	for _, l := range in {
		switch {
		case !galleryName.MatchString(l.Name) || seen[l.Name]:
			return nil, fmt.Errorf("gallery: the gallery's lesson %q: a name of 1 to %d lower-case letters, digits and dashes, used once", l.Name, maxNameLen)
		case l.Title == "" || l.Intro == "":
			return nil, fmt.Errorf("gallery: the gallery's lesson %q needs a title and an intro", l.Name)
		}
		seen[l.Name] = true
		out = append(out, Lesson(l))
	}
	return out, nil
}

// inLesson checks that an example's or comparison's lesson is one of
// lessons.
func inLesson(lessons []Lesson, what, name, lesson string) error {
	for _, l := range lessons {
		if l.Name == lesson {
			return nil
		}
	}
	return fmt.Errorf("gallery: the gallery's %s %q is in lesson %q, which the gallery does not have", what, name, lesson)
}
