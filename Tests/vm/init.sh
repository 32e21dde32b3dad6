#!/bin/sh
# /init of the test VM's initramfs (busybox). Mounts the host's root read-only over 9p, the
# writable results share over @OUT@ inside it (the directory exists on the host), loads vivid, runs the guest test in a chroot and
# powers off. @OUT@, @GUEST@, @LENSD@ and @INPUT@ are filled in by vivid-vm-test.sh.
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for module in virtio_pci 9pnet_virtio 9p; do modprobe "$module"; done
mkdir -p /host
mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose hostroot /host || { echo "LENSD-VM: cannot mount host root"; poweroff -f; }
mount --bind /dev /host/dev
mount --bind /proc /host/proc
mount --bind /sys /host/sys
mount -t 9p -o trans=virtio,version=9p2000.L results /host@OUT@ || { echo "LENSD-VM: cannot mount results share"; poweroff -f; }
modprobe vivid n_devs=1 node_types=0x101
echo "LENSD-VM: guest ready, running the test"
chroot /host /bin/bash @GUEST@ @OUT@ @LENSD@ @INPUT@ > /host@OUT@/guest.log 2>&1
echo "LENSD-VM: guest test exited with $?"
sync
poweroff -f
