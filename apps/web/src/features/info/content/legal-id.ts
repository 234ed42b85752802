import type { LegalContent } from "./types";

// Teks hukum Rupa dalam Bahasa Indonesia. Bahasa Indonesia adalah versi yang berlaku bila ada
// perbedaan dengan terjemahan bahasa Inggris (legal-en.ts). Angka dan janji di sini mengikuti
// docs/product/privacy-and-legal.md: foto asli dihapus 24 jam, garansi refund 7 hari, usia minimum
// 13 tahun, data dihapus paling lambat 30 hari setelah akun dihapus, pemberitahuan perubahan harga
// 30 hari.

const content: LegalContent = {
  updated: "2026-11-21",
  terms: {
    intro:
      "Syarat & Ketentuan ini mengatur penggunaan Rupa, layanan pembuat avatar AI yang ditujukan untuk pengguna di Indonesia. Dengan membuka situs, membuat akun, atau membuat avatar, kamu menyetujui ketentuan ini. Jika tidak setuju, mohon jangan memakai Rupa.",
    sections: [
      {
        id: "layanan",
        heading: "1. Tentang layanan",
        blocks: [
          "Rupa mengubah foto yang kamu unggah menjadi avatar bergaya (misalnya kartun, foto formal CV/CPNS, hijab, jadul, dan action figure) dengan model kecerdasan buatan. Rupa juga menyediakan Kanvas untuk membuat gambar dari teks atau dari gambar, galeri hasil, program referral, dan pembelian kredit.",
          "Layanan ini ditujukan untuk pengguna yang berada di Indonesia. Harga ditampilkan dalam Rupiah dan pembayaran diproses oleh mitra pembayaran Indonesia.",
        ],
      },
      {
        id: "usia",
        heading: "2. Usia dan akun",
        blocks: [
          {
            list: [
              "Kamu harus berusia minimal 13 tahun untuk memakai Rupa. Jika kamu belum berusia 18 tahun, kamu memerlukan izin orang tua atau wali, dan pembelian harus dilakukan oleh atau dengan persetujuan mereka.",
              "Data pendaftaran (nama lengkap, nomor HP, dan email) harus benar dan milikmu sendiri. Akun baru aktif setelah email dikonfirmasi.",
              "Kamu bertanggung jawab menjaga kerahasiaan password dan atas semua aktivitas di akunmu. Beri tahu kami segera lewat halaman Feedback bila ada penggunaan tanpa izin.",
              "Satu orang tidak boleh membuat banyak akun untuk mengumpulkan kredit bonus atau hadiah referral.",
            ],
          },
        ],
      },
      {
        id: "kredit",
        heading: "3. Kredit, coba gratis, dan watermark",
        blocks: [
          {
            list: [
              "Satu avatar memakai 1 kredit. Biaya Kanvas per gambar ditampilkan di layar Kanvas sebelum kamu membuat gambar.",
              "Pengunjung tanpa akun boleh membuat 1 avatar gratis per perangkat. Hasil coba gratis selalu diberi watermark.",
              "Akun baru mendapat kredit bonus gratis sesuai jumlah yang ditampilkan saat pendaftaran. Kredit bonus tidak kedaluwarsa dan hasilnya diberi watermark.",
              "Avatar diberi watermark bila, saat kredit dipakai, semua kredit yang kamu miliki adalah kredit gratis. Hasil dari kredit berbayar tidak diberi watermark.",
              "Kredit dipakai dari paket yang paling cepat kedaluwarsa lebih dulu. Kredit tidak dapat diuangkan, dijual, atau dipindahkan ke akun lain.",
              "Jika pembuatan gambar gagal karena alasan apa pun, kredit yang terpakai dikembalikan otomatis.",
            ],
          },
        ],
      },
      {
        id: "pembayaran",
        heading: "4. Paket, harga, dan pembayaran",
        blocks: [
          "Paket kredit bulanan dan tahunan adalah pembelian prabayar. Kredit masuk ke akunmu segera setelah pembayaran dikonfirmasi dan berlaku 30 hari (paket bulanan) atau 365 hari (paket tahunan). Paket tidak diperpanjang otomatis: kami tidak pernah menagih ulang tanpa tindakanmu.",
          "Pembayaran diproses oleh Midtrans (QRIS, GoPay, ShopeePay, virtual account bank, dan gerai minimarket). Rupa tidak menyimpan data kartu atau rekeningmu.",
          "Kami dapat mengubah harga paket. Perubahan harga diumumkan paling lambat 30 hari sebelum berlaku dan tidak memengaruhi kredit yang sudah kamu beli.",
        ],
      },
      {
        id: "refund",
        heading: "5. Garansi pengembalian dana",
        blocks: [
          "Kamu dapat meminta pengembalian dana penuh dalam 7 hari sejak pembelian selama kredit dari pembelian itu belum dipakai. Rincian ada di Kebijakan Layanan bagian Pengembalian Dana.",
        ],
      },
      {
        id: "konten",
        heading: "6. Fotomu dan hasilmu",
        blocks: [
          "Kamu tetap memiliki hak atas foto yang kamu unggah. Kamu memberi Rupa izin terbatas untuk menyimpan dan memproses foto itu hanya untuk membuat hasil yang kamu minta. Foto asli dihapus otomatis 24 jam setelah diunggah.",
          "Hasil avatar dan gambar Kanvas boleh kamu pakai untuk keperluan pribadi maupun komersial, selama tidak melanggar hukum atau hak orang lain. Hasil tersimpan di galerimu sampai kamu menghapusnya.",
          "Kamu hanya boleh mengunggah foto dirimu sendiri, atau foto orang lain yang sudah memberi izin. Gaya bertema budaya populer hanya terinspirasi dan tidak berafiliasi dengan pemilik merek atau karakter mana pun.",
        ],
      },
      {
        id: "larangan",
        heading: "7. Penggunaan yang dilarang",
        blocks: [
          "Kamu tidak boleh memakai Rupa untuk:",
          {
            list: [
              "membuat konten pornografi, konten seksual yang melibatkan anak, atau konten kekerasan ekstrem;",
              "menyamar sebagai orang lain, menipu, atau membuat dokumen palsu (termasuk pas foto untuk dokumen resmi atas nama orang lain);",
              "menghina, melecehkan, atau menyebarkan kebencian berdasarkan suku, agama, ras, atau antargolongan;",
              "melanggar hak cipta, merek, atau privasi orang lain;",
              "mengakali batas sistem, coba gratis, atau program referral, atau mengganggu keamanan layanan.",
            ],
          },
          "Teks yang kamu tulis (prompt Kanvas dan isian action figure) diperiksa terhadap daftar kata terlarang sebelum kredit dipakai. Kami dapat menolak permintaan, menghapus konten, serta menangguhkan atau menutup akun yang melanggar.",
        ],
      },
      {
        id: "tanggung-jawab",
        heading: "8. Batasan tanggung jawab",
        blocks: [
          "Hasil AI dapat berbeda dari harapan dan tidak selalu mirip sempurna. Layanan disediakan sebagaimana adanya; kami berusaha menjaga Rupa tetap tersedia, tetapi gangguan sementara dapat terjadi. Sejauh diizinkan hukum, tanggung jawab kami terbatas pada jumlah yang kamu bayar kepada Rupa dalam 3 bulan terakhir.",
        ],
      },
      {
        id: "penghapusan",
        heading: "9. Menghapus akun",
        blocks: [
          "Kamu dapat menghapus akun kapan saja dari halaman Paket & Billing. Sisa kredit hangus saat akun dihapus, dan datamu dihapus dari sistem kami paling lambat 30 hari kemudian, kecuali catatan transaksi yang wajib kami simpan menurut hukum.",
        ],
      },
      {
        id: "perubahan",
        heading: "10. Perubahan, hukum yang berlaku, dan kontak",
        blocks: [
          "Kami dapat memperbarui ketentuan ini. Perubahan penting diberitahukan di aplikasi atau lewat email sebelum berlaku. Ketentuan ini tunduk pada hukum Republik Indonesia. Perselisihan diselesaikan lebih dulu secara musyawarah, lalu melalui pengadilan negeri yang berwenang di Indonesia.",
          "Pertanyaan tentang ketentuan ini dapat dikirim lewat halaman Feedback. Kami merespon dalam 24 jam.",
        ],
      },
    ],
  },
  privacy: {
    intro:
      "Kebijakan Privasi ini menjelaskan data apa yang dikumpulkan Rupa, untuk apa, berapa lama disimpan, dan hak-hakmu sesuai Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi.",
    sections: [
      {
        id: "data",
        heading: "1. Data yang kami kumpulkan",
        blocks: [
          {
            list: [
              "Data akun: nama lengkap, email, nomor HP, password (disimpan dalam bentuk hash), pilihan bahasa, dan peran akun.",
              "Foto dan hasil: foto wajah yang kamu unggah (data pribadi yang bersifat spesifik/biometrik), avatar dan gambar Kanvas yang kamu buat, serta teks yang kamu tulis untuk membuatnya.",
              "Persetujuan foto: versi teks persetujuan yang kamu setujui, waktunya, dan alamat IP dalam bentuk hash berkunci (bukan alamat aslinya).",
              "Catatan pemrosesan: kapan fotomu dikirim ke penyedia AI (dan yang mana), kapan fotomu dihapus dan mengapa, kapan persetujuan diberikan atau ditarik.",
              "Data kredit dan pembayaran: saldo, riwayat pemakaian, pesanan, dan status pembayaran dari Midtrans. Kami tidak menerima atau menyimpan nomor kartu atau data rekeningmu.",
              "Data perangkat untuk coba gratis: sidik jari peramban yang sudah di-hash dan alamat IP, agar satu perangkat hanya mendapat 1 coba gratis.",
              "Data penggunaan: gaya yang dilihat, diklik, dan dipakai, serta catatan keamanan seperti percobaan masuk yang gagal.",
            ],
          },
        ],
      },
      {
        id: "tujuan",
        heading: "2. Untuk apa data dipakai",
        blocks: [
          {
            list: [
              "Menjalankan layanan: membuat avatar, menyimpan galerimu, mengelola kredit, dan memproses pembayaran.",
              "Keamanan: mencegah penyalahgunaan, membatasi percobaan berlebihan, dan melindungi akun.",
              "Meningkatkan Rupa: mengetahui gaya mana yang populer (data agregat).",
              "Menghubungimu: email konfirmasi, reset password, dan balasan feedback. Kami tidak mengirim iklan tanpa persetujuanmu.",
            ],
          },
          "Kami tidak menjual data pribadimu dan tidak memakai fotomu untuk melatih model AI.",
          "Foto wajah hanya diproses dengan persetujuanmu, yang kami minta sebelum unggahan pertamamu (bagi anggota: saat mendaftar). Tanpa persetujuan, tidak ada foto yang diunggah. Bila teks persetujuan berubah, kami meminta persetujuanmu lagi.",
        ],
      },
      {
        id: "penyimpanan",
        heading: "3. Berapa lama data disimpan",
        blocks: [
          {
            list: [
              "Foto asli yang kamu unggah dihapus otomatis 24 jam setelah diunggah. Anggota bisa memilih lain di Pengaturan Privasi: dihapus segera setelah avatarnya jadi, atau disimpan 7 hari.",
              "Avatar dan gambar Kanvas disimpan sampai kamu menghapusnya atau menghapus akun.",
              "Setelah akun dihapus, semua data akunmu dihapus paling lambat 30 hari kemudian.",
              "Catatan transaksi pembayaran disimpan selama diwajibkan oleh peraturan perpajakan dan akuntansi, dalam bentuk seminimal mungkin.",
            ],
          },
        ],
      },
      {
        id: "pihak-ketiga",
        heading: "4. Pihak yang memproses data",
        blocks: [
          "Kami berbagi data hanya seperlunya dengan penyedia yang membantu menjalankan Rupa, dengan perjanjian yang mewajibkan mereka menjaga kerahasiaan:",
          {
            list: [
              "Midtrans, untuk memproses pembayaran;",
              "penyedia model AI yang sedang aktif (Replicate, OpenAI, Hugging Face, atau Kie.ai; namanya disebut di persetujuan foto), yang menerima fotomu hanya untuk membuat hasil yang kamu minta; bila tidak ada yang aktif, avatar dibuat di server Rupa sendiri;",
              "penyedia penyimpanan (disk server Rupa atau penyimpanan objek yang kompatibel dengan S3), server, dan pengiriman email.",
            ],
          },
          "Kami juga dapat mengungkapkan data bila diwajibkan oleh hukum atau perintah instansi yang berwenang.",
        ],
      },
      {
        id: "penyimpanan-lokal",
        heading: "5. Cookie dan penyimpanan lokal",
        blocks: [
          "Rupa memakai cookie sesi agar kamu tetap masuk, serta penyimpanan lokal peramban untuk pilihan bahasa, gaya yang dipilih, gaya yang terakhir dipakai, status coba gratis, dan kode referral selama kunjungan. Kami tidak memakai cookie iklan pihak ketiga.",
        ],
      },
      {
        id: "hak",
        heading: "6. Hak-hakmu",
        blocks: [
          {
            list: [
              "Mendapat informasi dan mengakses data pribadimu.",
              "Memperbaiki data yang tidak akurat.",
              "Menghapus data dan akunmu, langsung dari halaman Paket & Billing.",
              "Menarik persetujuan foto kapan saja di Pengaturan Privasi: pemrosesan langsung berhenti, avatar yang masih antre dibatalkan dengan kredit kembali, dan semua foto aslimu dihapus. Hasil yang sudah jadi tetap ada sampai kamu menghapusnya.",
              "Melihat catatan pemrosesan fotomu di Pengaturan Privasi.",
              "Meminta salinan data (ekspor) dan mengajukan keberatan atas pemrosesan tertentu.",
            ],
          },
          "Pengaturan Privasi ada di bagian Privasi halaman Paket & Billing (menu Setting → Paket & Billing). Ajukan permintaan lain lewat halaman Feedback. Kami menanggapi dalam 24 jam dan menyelesaikannya sesuai batas waktu yang diatur undang-undang.",
        ],
      },
      {
        id: "keamanan",
        heading: "7. Keamanan dan anak-anak",
        blocks: [
          "Data dikirim melalui koneksi terenkripsi, password disimpan sebagai hash, dan hanya kamu yang bisa melihat, mengunduh, atau menghapus foto dan hasilmu. Rupa tidak ditujukan untuk anak di bawah 13 tahun; bila kami mengetahui akun milik anak di bawah 13 tahun, akun itu akan kami hapus.",
        ],
      },
      {
        id: "perubahan",
        heading: "8. Perubahan kebijakan",
        blocks: [
          "Bila kebijakan ini berubah secara penting, kami memberi tahu lewat aplikasi atau email sebelum perubahan berlaku.",
        ],
      },
    ],
  },
  policies: {
    payment: {
      intro: "Cara kredit dan paket Rupa bekerja, dari pembayaran sampai masa berlaku.",
      sections: [
        {
          id: "metode",
          heading: "Metode pembayaran",
          blocks: [
            "Pembayaran diproses oleh Midtrans: QRIS, GoPay, ShopeePay, virtual account bank, dan gerai minimarket. Semua harga dalam Rupiah tanpa desimal dan sudah termasuk pajak yang berlaku.",
            "Kredit masuk setelah Midtrans mengonfirmasi pembayaran. Bila pembayaran tertunda, kredit masuk otomatis setelah statusnya lunas; kamu tidak perlu membayar dua kali.",
          ],
        },
        {
          id: "paket",
          heading: "Paket prabayar",
          blocks: [
            {
              list: [
                "Paket bulanan: kredit berlaku 30 hari sejak pembayaran.",
                "Paket tahunan: kredit berlaku 365 hari sejak pembayaran, dengan harga lebih hemat dibanding 12 kali paket bulanan.",
                "Paket tidak diperpanjang otomatis. Kamu bisa membeli paket baru kapan saja; kredit lama tetap berlaku sampai masa berlakunya habis.",
                "Kami mengingatkan kredit yang akan kedaluwarsa 7 hari sebelumnya.",
              ],
            },
          ],
        },
        {
          id: "harga",
          heading: "Perubahan harga",
          blocks: [
            "Perubahan harga diumumkan paling lambat 30 hari sebelum berlaku. Harga yang kamu bayar untuk paket yang sudah dibeli tidak pernah berubah.",
          ],
        },
      ],
    },
    refund: {
      intro: "Kami ingin kamu puas. Bila tidak, ini cara mendapatkan uangmu kembali.",
      sections: [
        {
          id: "garansi",
          heading: "Garansi 7 hari",
          blocks: [
            "Kamu dapat meminta pengembalian dana penuh dalam 7 hari sejak pembelian selama kredit dari pembelian itu belum dipakai.",
          ],
        },
        {
          id: "otomatis",
          heading: "Pengembalian kredit otomatis",
          blocks: [
            "Bila pembuatan avatar atau gambar Kanvas gagal karena kesalahan sistem atau penyedia AI, kredit yang terpakai dikembalikan otomatis ke akunmu saat itu juga.",
          ],
        },
        {
          id: "cara",
          heading: "Cara mengajukan",
          blocks: [
            {
              list: [
                'Kirim permintaan lewat halaman Feedback dengan jenis "Pertanyaan" atau "Lainnya", sebutkan email akun dan nomor pesanan.',
                "Kami merespon dalam 24 jam.",
                "Dana dikembalikan ke metode pembayaran asal paling lambat 14 hari kerja setelah disetujui; waktu masuknya bergantung pada bank atau e-wallet.",
                "Kredit dari pembelian yang dikembalikan dihapus dari akunmu.",
              ],
            },
          ],
        },
      ],
    },
    content: {
      intro: "Aturan konten agar Rupa tetap aman dan menyenangkan untuk semua orang.",
      sections: [
        {
          id: "foto",
          heading: "Foto yang boleh diunggah",
          blocks: [
            "Unggah foto dirimu sendiri, atau foto orang lain yang sudah memberi izin. Format yang diterima: JPG, PNG, WebP, dan HEIC, maksimal 10 MB dan minimal 512x512 piksel.",
          ],
        },
        {
          id: "dilarang",
          heading: "Konten yang dilarang",
          blocks: [
            {
              list: [
                "Pornografi dan konten seksual, terutama yang melibatkan anak.",
                "Kekerasan ekstrem, terorisme, dan ujaran kebencian SARA.",
                "Menyamar sebagai orang lain atau membuat dokumen palsu.",
                "Pelanggaran hak cipta, merek, atau privasi.",
              ],
            },
            "Prompt dan isian teks diperiksa terhadap daftar kata terlarang sebelum kredit dipakai. Permintaan yang melanggar ditolak tanpa memotong kredit.",
          ],
        },
        {
          id: "penegakan",
          heading: "Penegakan",
          blocks: [
            "Kami dapat menghapus konten, menangguhkan, atau menutup akun yang melanggar. Laporkan penyalahgunaan lewat halaman Feedback.",
          ],
        },
      ],
    },
    data: {
      intro:
        "Ringkasan cara kami menjaga foto dan datamu. Detail lengkap ada di Kebijakan Privasi.",
      sections: [
        {
          id: "foto",
          heading: "Foto asli dihapus dalam 24 jam",
          blocks: [
            "Setiap foto yang diterima dibaca ulang dan disimpan ulang oleh sistem kami, lalu foto asli dihapus otomatis 24 jam setelah diunggah.",
          ],
        },
        {
          id: "hasil",
          heading: "Hasil hanya untukmu",
          blocks: [
            "Hanya kamu yang dapat melihat, mengunduh, atau menghapus avatar dan gambar Kanvas milikmu. Hasil disimpan sampai kamu menghapusnya.",
          ],
        },
        {
          id: "akun",
          heading: "Menghapus akun",
          blocks: [
            "Setelah akun dihapus, datamu hilang dari sistem kami paling lambat 30 hari kemudian, kecuali catatan transaksi yang wajib disimpan menurut hukum.",
          ],
        },
      ],
    },
  },
};

export default content;
