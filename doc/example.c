/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdio.h>
#include <mltp.h>

static void *square(void *arg)
{
    long n = (long)arg;
    return (void *)(n * n);
}

int main(void)
{
    mltp_t *t[4];

    for (long i = 0; i < 4; i++)        /* four ULTs, ready to run */
        if (!(t[i] = mltp_create(square, (void *)i))) {
            perror("mltp_create");
            return 1;
        }
    mltp_start(2);      /* runs them on 2 VPs; returns when all have ended */
    for (int i = 0; i < 4; i++) {
        void *sq;
        mltp_join(t[i], &sq);   /* it has ended: returns at once */
        printf("%d squared is %ld\n", i, (long)sq);
        mltp_free(t[i]);
    }
    return 0;
}
