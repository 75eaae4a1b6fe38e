package rooms

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"slices"
	"strings"
)

// AnswerRight is the tally's key of a right answer.
const AnswerRight = "right"

// AnswerCount is how many followers gave one kind of answer.
type AnswerCount struct {
	Key   string `json:"key"` // AnswerRight, or the first mistake's key (exercise.Result.MistakeKey)
	Count int    `json:"count"`
}

// answerTicketContext sets a ticket's MAC apart from any other use of
// the room's key.
const answerTicketContext = "searchviz room answer ticket\x00"

// ticket returns the ticket of follower tab who: a MAC of its id under
// the room's key, which every replica of the room knows. The room gives
// it to a follower that says hello with its id, and counts only answers
// that carry it, so that an answer counts only from a tab that has
// followed the room within its life, on whichever replica it answers.
func (r *Room) ticket(who string) string {
	mac := hmac.New(sha256.New, []byte(r.key))
	mac.Write([]byte(answerTicketContext))
	mac.Write([]byte(who))
	return hex.EncodeToString(mac.Sum(nil)[:16])
}

// isFollower reports whether ticket is the one the room gave follower
// tab who, in constant time.
func (r *Room) isFollower(who, ticket string) bool {
	return whoID.MatchString(who) && hmac.Equal([]byte(ticket), []byte(r.ticket(who)))
}

// Answer records follower tab who's answer to the exercise at path, the
// key of its first mistake or AnswerRight, and tells the presenter the
// tally. It returns ErrNoRoom once the room has ended, ErrNotFollower
// unless ticket is the one the room gave who, ErrRoomMoved for an answer
// to another page than the room's, and ErrTallyFull for a tab past
// MaxRoomAnswers.
func (r *Room) Answer(path, who, ticket, key string) error {
	if !r.isFollower(who, ticket) {
		return ErrNotFollower
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.ended:
		return ErrNoRoom
	case path != r.path:
		return ErrRoomMoved
	}
	if err := r.recordLocked(who, key); err != nil {
		return err
	}
	if r.hub.bus != nil {
		r.hub.bus.Publish(r.code, Event{Origin: r.hub.replica, Kind: "answer", Path: path, Who: who, Answer: key})
	}
	return nil
}

// Answers returns the answers counted to the exercise the room shows:
// the key of each follower tab's answer (AnswerRight or its first
// mistake's), by the tab's id.
func (r *Room) Answers() map[string]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return maps.Clone(r.answers)
}

// recordLocked records follower tab who's answer key to the room's
// exercise and tells the presenter the tally; a tab new to the tally
// past MaxRoomAnswers gets ErrTallyFull.
func (r *Room) recordLocked(who, key string) error {
	if r.answers == nil {
		r.answers = map[string]string{}
	}
	if _, ok := r.answers[who]; !ok && len(r.answers) >= MaxRoomAnswers {
		return ErrTallyFull
	}
	r.answers[who] = key
	r.tallyLocked()
	return nil
}

// tallyLocked tells the presenter how the answers stand: a count per
// kind of answer, the most common first, no names.
func (r *Room) tallyLocked() {
	if r.presenter == nil {
		return
	}
	counts := map[string]int{}
	for _, k := range r.answers {
		counts[k]++
	}
	tally := make([]AnswerCount, 0, len(counts))
	for k, n := range counts {
		tally = append(tally, AnswerCount{Key: k, Count: n})
	}
	slices.SortFunc(tally, func(a, b AnswerCount) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return strings.Compare(a.Key, b.Key)
	})
	r.presenter.Offer(SlotAnswers, mustJSON(Message{Type: "answers", Answers: tally}))
}
