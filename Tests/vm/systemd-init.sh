#!/bin/sh
# /init of the systemd VM test's initramfs (busybox): the host's root read-only over 9p becomes
# the guest's root, with tmpfs where systemd writes (/tmp, /var) and for the units under test
# (/etc/systemd/system); the results share and the lensd binary's folder appear under /mnt. Then
# systemd boots from it as PID 1 into lensd-vm.target. Filled in by systemd-vm-test.sh: @LENSDDIR@.
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for module in virtio_pci 9pnet_virtio 9p; do modprobe "$module"; done
fail() { echo "LENSD-VM: $*"; poweroff -f; }
mkdir -p /newroot
mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose hostroot /newroot || fail "cannot mount host root"
mount -t tmpfs -o mode=0755 tmpfs /newroot/mnt
mkdir -p /newroot/mnt/results /newroot/mnt/lensd
mount -t 9p -o trans=virtio,version=9p2000.L results /newroot/mnt/results || fail "cannot mount results share"
mount --bind "/newroot@LENSDDIR@" /newroot/mnt/lensd || fail "cannot bind @LENSDDIR@"
mount -t tmpfs -o mode=1777 tmpfs /newroot/tmp
mount -t tmpfs -o mode=0755 tmpfs /newroot/var
mkdir -p /newroot/var/tmp /newroot/var/log /newroot/var/cache /newroot/var/lib && chmod 1777 /newroot/var/tmp
mount -t tmpfs -o mode=0755 tmpfs /newroot/etc/systemd/system
cp -r /newroot/mnt/results/units/. /newroot/etc/systemd/system/
modprobe vivid n_devs=1 node_types=0x1
# The host has no udev: give the camera node the group and mode Debian's udev rules give
# video4linux devices, as a real system's would.
for node in /dev/video*; do chgrp 44 "$node" && chmod 0660 "$node"; done
echo "LENSD-VM: guest ready, booting systemd"
mount --move /dev /newroot/dev
mount --move /proc /newroot/proc
mount --move /sys /newroot/sys
# The host's root holds /.dockerenv, so systemd takes itself for a container's init and ignores
# the kernel command line: the target goes on its own.
exec switch_root /newroot /lib/systemd/systemd --unit=lensd-vm.target --show-status=error
