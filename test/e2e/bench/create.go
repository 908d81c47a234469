package bench

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// createAttempts bounds the tries of one create; createPause is the first wait between them,
// doubled each time.
const (
	createAttempts = 6
	createPause    = 2 * time.Second
)

// Create creates obj, trying again while the API server answers that it is overloaded (etcd
// timed out, a timeout, too many requests, an internal error): on a machine shared by many, a
// fleet of 10,000 applied at once meets such answers, as a user's apply would, and trying
// again is what the user would do. An object found to exist on a retry was created by the try
// that timed out. retries counts the tries after the first.
func Create(ctx context.Context, c client.Client, obj client.Object) (retries int, err error) {
	pause := createPause
	for {
		err = c.Create(ctx, obj)
		if retries > 0 && apierrors.IsAlreadyExists(err) {
			return retries, nil
		}
		if err == nil || !overloaded(err) || retries+1 >= createAttempts {
			return retries, err
		}
		retries++
		select {
		case <-ctx.Done():
			return retries, err
		case <-time.After(pause):
		}
		pause *= 2
	}
}

// overloaded says err is the API server's (or etcd's) failing to keep up, not a refusal of
// the object.
func overloaded(err error) bool {
	return apierrors.IsServerTimeout(err) || apierrors.IsTimeout(err) || apierrors.IsTooManyRequests(err) ||
		apierrors.IsInternalError(err) || apierrors.IsUnexpectedServerError(err) || apierrors.IsServiceUnavailable(err)
}
