package rooms

import (
	"fmt"
	"time"
)

// The endings a hub gives a room's pages as it ends the room by itself,
// in English; each page says them in its reader's language
// (static/js/pages/room.js reads these forms).

// AwayEnding is the ending of a room whose presenter was away for idle.
func AwayEnding(idle time.Duration) string {
	return "The room ended: its presenter was away for " + inWords(idle) + "."
}

// UnclaimedEnding is the ending of a room whose presenter did not come
// within wait of its opening.
func UnclaimedEnding(wait time.Duration) string {
	return "The room ended: its presenter did not come within " + inWords(wait) + " of its opening."
}

// LifeEnding is the ending of a room that lasted life, the most a room
// lasts.
func LifeEnding(life time.Duration) string {
	return "The room ended: rooms last " + inWords(life) + " at most."
}

// inWords says d as a person would, "6 hours", "10 minutes", "1 second",
// in the largest whole unit; a duration of no whole second, as tests use,
// the way Go writes it ("50ms").
func inWords(d time.Duration) string {
	units := []struct {
		size time.Duration
		name string
	}{{time.Hour, "hour"}, {time.Minute, "minute"}, {time.Second, "second"}}
	for _, u := range units {
		if d >= u.size && d%u.size == 0 {
			n := int64(d / u.size)
			if n == 1 {
				return "1 " + u.name
			}
			return fmt.Sprintf("%d %ss", n, u.name)
		}
	}
	return d.String()
}
