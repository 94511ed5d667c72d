export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      account_bans: {
        Row: {
          banned_at: string | null
          created_at: string
          decision: string
          id: number
          reason: string | null
          user_id: string
        }
        Insert: {
          banned_at?: string | null
          created_at?: string
          decision?: string
          id?: never
          reason?: string | null
          user_id: string
        }
        Update: {
          banned_at?: string | null
          created_at?: string
          decision?: string
          id?: never
          reason?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "account_bans_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      admin_notifications: {
        Row: {
          created_at: string
          dedupe_key: string | null
          entity_id: string | null
          id: string
          is_read: boolean
          message: string
          type: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          dedupe_key?: string | null
          entity_id?: string | null
          id?: string
          is_read?: boolean
          message: string
          type: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          dedupe_key?: string | null
          entity_id?: string | null
          id?: string
          is_read?: boolean
          message?: string
          type?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "admin_notifications_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      app_installs: {
        Row: {
          created_at: string
          device_id: string
          id: number
          platform: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          device_id: string
          id?: never
          platform: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          device_id?: string
          id?: never
          platform?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "app_installs_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      audit_log: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          actor_role: string
          after: Json | null
          before: Json | null
          created_at: string
          entity_id: string | null
          entity_label: string | null
          entity_type: string
          id: number
          reason: string | null
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          actor_role: string
          after?: Json | null
          before?: Json | null
          created_at?: string
          entity_id?: string | null
          entity_label?: string | null
          entity_type: string
          id?: never
          reason?: string | null
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          actor_role?: string
          after?: Json | null
          before?: Json | null
          created_at?: string
          entity_id?: string | null
          entity_label?: string | null
          entity_type?: string
          id?: never
          reason?: string | null
        }
        Relationships: []
      }
      coupons: {
        Row: {
          applies_to_user_id: string | null
          code: string
          created_at: string
          description: string | null
          discount_type: string
          discount_value: number
          expires_at: string | null
          id: string
          is_active: boolean
          max_uses: number | null
          type: string
          usage_count: number
        }
        Insert: {
          applies_to_user_id?: string | null
          code: string
          created_at?: string
          description?: string | null
          discount_type: string
          discount_value: number
          expires_at?: string | null
          id?: string
          is_active?: boolean
          max_uses?: number | null
          type: string
          usage_count?: number
        }
        Update: {
          applies_to_user_id?: string | null
          code?: string
          created_at?: string
          description?: string | null
          discount_type?: string
          discount_value?: number
          expires_at?: string | null
          id?: string
          is_active?: boolean
          max_uses?: number | null
          type?: string
          usage_count?: number
        }
        Relationships: [
          {
            foreignKeyName: "coupons_applies_to_user_id_fkey"
            columns: ["applies_to_user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      credit_packages: {
        Row: {
          created_at: string
          credits: number
          currency: string
          id: string
          is_active: boolean
          name: string
          price_cents: number
          sort_order: number
        }
        Insert: {
          created_at?: string
          credits: number
          currency?: string
          id?: string
          is_active?: boolean
          name: string
          price_cents: number
          sort_order?: number
        }
        Update: {
          created_at?: string
          credits?: number
          currency?: string
          id?: string
          is_active?: boolean
          name?: string
          price_cents?: number
          sort_order?: number
        }
        Relationships: []
      }
      credit_transactions: {
        Row: {
          amount: number
          created_at: string
          description: string | null
          id: string
          listing_id: string | null
          package_name: string | null
          type: string
          user_id: string
        }
        Insert: {
          amount: number
          created_at?: string
          description?: string | null
          id?: string
          listing_id?: string | null
          package_name?: string | null
          type: string
          user_id: string
        }
        Update: {
          amount?: number
          created_at?: string
          description?: string | null
          id?: string
          listing_id?: string | null
          package_name?: string | null
          type?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "credit_transactions_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "credit_transactions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      favourites: {
        Row: {
          created_at: string
          listing_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          listing_id: string
          user_id: string
        }
        Update: {
          created_at?: string
          listing_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "favourites_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "favourites_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_available_now_uses: {
        Row: {
          id: number
          listing_id: string
          started_at: string
        }
        Insert: {
          id?: never
          listing_id: string
          started_at?: string
        }
        Update: {
          id?: never
          listing_id?: string
          started_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "listing_available_now_uses_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_photo_hashes: {
        Row: {
          band0: number | null
          band1: number | null
          band2: number | null
          created_at: string
          listing_id: string
          phash: number
          photo_id: string
          user_id: string
          variant: string
        }
        Insert: {
          band0?: never
          band1?: never
          band2?: never
          created_at?: string
          listing_id: string
          phash: number
          photo_id: string
          user_id: string
          variant: string
        }
        Update: {
          band0?: never
          band1?: never
          band2?: never
          created_at?: string
          listing_id?: string
          phash?: number
          photo_id?: string
          user_id?: string
          variant?: string
        }
        Relationships: [
          {
            foreignKeyName: "listing_photo_hashes_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "listing_photo_hashes_photo_id_fkey"
            columns: ["photo_id"]
            isOneToOne: false
            referencedRelation: "listing_photos"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "listing_photo_hashes_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_photo_originals: {
        Row: {
          created_at: string
          listing_id: string
          photo_id: string
          storage_path: string
        }
        Insert: {
          created_at?: string
          listing_id: string
          photo_id: string
          storage_path: string
        }
        Update: {
          created_at?: string
          listing_id?: string
          photo_id?: string
          storage_path?: string
        }
        Relationships: [
          {
            foreignKeyName: "listing_photo_originals_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "listing_photo_originals_photo_id_fkey"
            columns: ["photo_id"]
            isOneToOne: true
            referencedRelation: "listing_photos"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_photos: {
        Row: {
          avif: boolean
          created_at: string
          id: string
          is_primary: boolean
          listing_id: string
          placeholder: string | null
          renditions: string | null
          storage_path: string | null
          url: string
        }
        Insert: {
          avif?: boolean
          created_at?: string
          id?: string
          is_primary?: boolean
          listing_id: string
          placeholder?: string | null
          renditions?: string | null
          storage_path?: string | null
          url: string
        }
        Update: {
          avif?: boolean
          created_at?: string
          id?: string
          is_primary?: boolean
          listing_id?: string
          placeholder?: string | null
          renditions?: string | null
          storage_path?: string | null
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "listing_photos_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_reports: {
        Row: {
          client_id: string | null
          created_at: string
          details: string | null
          id: string
          listing_id: string
          reason: string
          reporter_email: string | null
          reporter_id: string | null
          reviewed_at: string | null
          reviewed_by: string | null
          status: string
          urgent: boolean | null
        }
        Insert: {
          client_id?: string | null
          created_at?: string
          details?: string | null
          id?: string
          listing_id: string
          reason: string
          reporter_email?: string | null
          reporter_id?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          status?: string
          urgent?: never
        }
        Update: {
          client_id?: string | null
          created_at?: string
          details?: string | null
          id?: string
          listing_id?: string
          reason?: string
          reporter_email?: string | null
          reporter_id?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          status?: string
          urgent?: never
        }
        Relationships: [
          {
            foreignKeyName: "listing_reports_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "listing_reports_reporter_id_fkey"
            columns: ["reporter_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "listing_reports_reviewed_by_fkey"
            columns: ["reviewed_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_review_holds: {
        Row: {
          created_at: string
          decision: string | null
          details: NonNullable<Json>
          id: number
          listing_id: string
          reason: string
          resolved_at: string | null
          resolved_by: string | null
        }
        Insert: {
          created_at?: string
          decision?: string | null
          details?: NonNullable<Json>
          id?: never
          listing_id: string
          reason: string
          resolved_at?: string | null
          resolved_by?: string | null
        }
        Update: {
          created_at?: string
          decision?: string | null
          details?: NonNullable<Json>
          id?: never
          listing_id?: string
          reason?: string
          resolved_at?: string | null
          resolved_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "listing_review_holds_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "listing_review_holds_resolved_by_fkey"
            columns: ["resolved_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_stats_addresses: {
        Row: {
          address_hash: string
          counted: number
          day: string
          kind: string
          listing_id: string
        }
        Insert: {
          address_hash: string
          counted: number
          day: string
          kind: string
          listing_id: string
        }
        Update: {
          address_hash?: string
          counted?: number
          day?: string
          kind?: string
          listing_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "listing_stats_addresses_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_stats_batches: {
        Row: {
          batch: string
          day: string
          device_hash: string
        }
        Insert: {
          batch: string
          day: string
          device_hash: string
        }
        Update: {
          batch?: string
          day?: string
          device_hash?: string
        }
        Relationships: []
      }
      listing_stats_daily: {
        Row: {
          calls: number
          day: string
          favourites: number
          impressions: number
          listing_id: string
          promoted: boolean
          views: number
          whatsapp: number
        }
        Insert: {
          calls?: number
          day: string
          favourites?: number
          impressions?: number
          listing_id: string
          promoted?: boolean
          views?: number
          whatsapp?: number
        }
        Update: {
          calls?: number
          day?: string
          favourites?: number
          impressions?: number
          listing_id?: string
          promoted?: boolean
          views?: number
          whatsapp?: number
        }
        Relationships: [
          {
            foreignKeyName: "listing_stats_daily_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_stats_devices: {
        Row: {
          day: string
          device_hash: string
          window_events: number
          window_start: string
        }
        Insert: {
          day: string
          device_hash: string
          window_events: number
          window_start: string
        }
        Update: {
          day?: string
          device_hash?: string
          window_events?: number
          window_start?: string
        }
        Relationships: []
      }
      listing_stats_seen: {
        Row: {
          day: string
          device_hash: string
          kind: string
          listing_id: string
        }
        Insert: {
          day: string
          device_hash: string
          kind: string
          listing_id: string
        }
        Update: {
          day?: string
          device_hash?: string
          kind?: string
          listing_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "listing_stats_seen_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_stats_tokens: {
        Row: {
          day: string
          kind: string
          nonce: string
        }
        Insert: {
          day: string
          kind: string
          nonce: string
        }
        Update: {
          day?: string
          kind?: string
          nonce?: string
        }
        Relationships: []
      }
      listings: {
        Row: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        Insert: {
          age: number
          auto_renew?: boolean
          availability_for?: string[]
          available_until?: string | null
          body_type?: string[]
          breast_type?: string[]
          category: string
          city: string
          created_at?: string
          creation_key?: string | null
          description: string
          ethnicity?: string[]
          expires_at?: string
          eye_color?: string[]
          hair_color?: string[]
          hourly_rate?: number | null
          id?: string
          is_paused?: boolean
          is_premium?: boolean
          last_bumped_at?: string | null
          meeting_location?: string[]
          meeting_type?: string[]
          nationality?: string[]
          offered_services?: string[]
          paused_at?: string | null
          photos_verified_at?: string | null
          promotion_credits_paid?: number | null
          promotion_end_at?: string | null
          promotion_expiry_added?: string | null
          promotion_mode?: string | null
          promotion_start_at?: string | null
          remaining_expires_at_duration?: string | null
          remaining_promotion_duration?: string | null
          review_status?: string
          review_submitted_at?: string | null
          search?: never
          slug: string
          title: string
          updated_at?: string
          user_id: string
          zone?: string | null
        }
        Update: {
          age?: number
          auto_renew?: boolean
          availability_for?: string[]
          available_until?: string | null
          body_type?: string[]
          breast_type?: string[]
          category?: string
          city?: string
          created_at?: string
          creation_key?: string | null
          description?: string
          ethnicity?: string[]
          expires_at?: string
          eye_color?: string[]
          hair_color?: string[]
          hourly_rate?: number | null
          id?: string
          is_paused?: boolean
          is_premium?: boolean
          last_bumped_at?: string | null
          meeting_location?: string[]
          meeting_type?: string[]
          nationality?: string[]
          offered_services?: string[]
          paused_at?: string | null
          photos_verified_at?: string | null
          promotion_credits_paid?: number | null
          promotion_end_at?: string | null
          promotion_expiry_added?: string | null
          promotion_mode?: string | null
          promotion_start_at?: string | null
          remaining_expires_at_duration?: string | null
          remaining_promotion_duration?: string | null
          review_status?: string
          review_submitted_at?: string | null
          search?: never
          slug?: string
          title?: string
          updated_at?: string
          user_id?: string
          zone?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "listings_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      mail_outbox: {
        Row: {
          body: string
          created_at: string
          entity_id: string | null
          id: number
          kind: string
          sent_at: string | null
          subject: string
          to_email: string
        }
        Insert: {
          body: string
          created_at?: string
          entity_id?: string | null
          id?: never
          kind: string
          sent_at?: string | null
          subject: string
          to_email: string
        }
        Update: {
          body?: string
          created_at?: string
          entity_id?: string | null
          id?: never
          kind?: string
          sent_at?: string | null
          subject?: string
          to_email?: string
        }
        Relationships: []
      }
      payment_postbacks: {
        Row: {
          amount_cents: number | null
          client_address: string | null
          currency: string | null
          id: number
          outcome: string
          params: Json | null
          payment_id: string | null
          provider: string
          received_at: string
          reference: string | null
          result: string | null
          sale_id: string | null
        }
        Insert: {
          amount_cents?: number | null
          client_address?: string | null
          currency?: string | null
          id?: never
          outcome: string
          params?: Json | null
          payment_id?: string | null
          provider: string
          received_at?: string
          reference?: string | null
          result?: string | null
          sale_id?: string | null
        }
        Update: {
          amount_cents?: number | null
          client_address?: string | null
          currency?: string | null
          id?: never
          outcome?: string
          params?: Json | null
          payment_id?: string | null
          provider?: string
          received_at?: string
          reference?: string | null
          result?: string | null
          sale_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "payment_postbacks_payment_id_fkey"
            columns: ["payment_id"]
            isOneToOne: false
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
        ]
      }
      payments: {
        Row: {
          amount_cents: number
          coupon_id: string | null
          created_at: string
          credits: number
          currency: string
          expires_at: string | null
          id: string
          package_id: string | null
          package_name: string | null
          provider: string
          provider_reference: string
          provider_sale_id: string | null
          settled_at: string | null
          status: string
          user_id: string
        }
        Insert: {
          amount_cents: number
          coupon_id?: string | null
          created_at?: string
          credits: number
          currency?: string
          expires_at?: string | null
          id?: string
          package_id?: string | null
          package_name?: string | null
          provider: string
          provider_reference: string
          provider_sale_id?: string | null
          settled_at?: string | null
          status?: string
          user_id: string
        }
        Update: {
          amount_cents?: number
          coupon_id?: string | null
          created_at?: string
          credits?: number
          currency?: string
          expires_at?: string | null
          id?: string
          package_id?: string | null
          package_name?: string | null
          provider?: string
          provider_reference?: string
          provider_sale_id?: string | null
          settled_at?: string | null
          status?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "payments_coupon_id_fkey"
            columns: ["coupon_id"]
            isOneToOne: false
            referencedRelation: "coupons"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payments_package_id_fkey"
            columns: ["package_id"]
            isOneToOne: false
            referencedRelation: "credit_packages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payments_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      photo_verifications: {
        Row: {
          code: string
          code_expires_at: string
          created_at: string
          decided_at: string | null
          decided_by: string | null
          gesture: string
          id: string
          listing_id: string
          photo_keys: string[] | null
          reason: string | null
          selfie_path: string | null
          status: string
          submitted_at: string | null
          user_id: string
        }
        Insert: {
          code: string
          code_expires_at: string
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          gesture: string
          id?: string
          listing_id: string
          photo_keys?: string[] | null
          reason?: string | null
          selfie_path?: string | null
          status?: string
          submitted_at?: string | null
          user_id: string
        }
        Update: {
          code?: string
          code_expires_at?: string
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          gesture?: string
          id?: string
          listing_id?: string
          photo_keys?: string[] | null
          reason?: string | null
          selfie_path?: string | null
          status?: string
          submitted_at?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "photo_verifications_decided_by_fkey"
            columns: ["decided_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "photo_verifications_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "photo_verifications_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          accepted_terms_at: string | null
          age_confirmed_at: string | null
          created_at: string
          credits: number
          display_name: string | null
          email: string | null
          id: string
          phone: string | null
          push_enabled: boolean
          referral_code: string
          referred_by: string | null
          role: string
          updated_at: string
        }
        Insert: {
          accepted_terms_at?: string | null
          age_confirmed_at?: string | null
          created_at?: string
          credits?: number
          display_name?: string | null
          email?: string | null
          id: string
          phone?: string | null
          push_enabled?: boolean
          referral_code: string
          referred_by?: string | null
          role?: string
          updated_at?: string
        }
        Update: {
          accepted_terms_at?: string | null
          age_confirmed_at?: string | null
          created_at?: string
          credits?: number
          display_name?: string | null
          email?: string | null
          id?: string
          phone?: string | null
          push_enabled?: boolean
          referral_code?: string
          referred_by?: string | null
          role?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "profiles_referred_by_fkey"
            columns: ["referred_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      push_subscriptions: {
        Row: {
          auth: string
          created_at: string
          endpoint: string
          id: string
          p256dh: string
          user_agent: string | null
          user_id: string
        }
        Insert: {
          auth: string
          created_at?: string
          endpoint: string
          id?: string
          p256dh: string
          user_agent?: string | null
          user_id: string
        }
        Update: {
          auth?: string
          created_at?: string
          endpoint?: string
          id?: string
          p256dh?: string
          user_agent?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "push_subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      saved_searches: {
        Row: {
          alert: string
          created_at: string
          filters: NonNullable<Json>
          id: string
          name: string
          user_id: string
        }
        Insert: {
          alert?: string
          created_at?: string
          filters?: NonNullable<Json>
          id?: string
          name: string
          user_id: string
        }
        Update: {
          alert?: string
          created_at?: string
          filters?: NonNullable<Json>
          id?: string
          name?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_searches_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      settings: {
        Row: {
          description: string | null
          key: string
          updated_at: string
          value: NonNullable<Json>
        }
        Insert: {
          description?: string | null
          key: string
          updated_at?: string
          value: NonNullable<Json>
        }
        Update: {
          description?: string | null
          key?: string
          updated_at?: string
          value?: NonNullable<Json>
        }
        Relationships: []
      }
      ticket_messages: {
        Row: {
          author_id: string | null
          author_role: string
          body: string
          client_id: string | null
          created_at: string
          id: string
          ticket_id: string
        }
        Insert: {
          author_id?: string | null
          author_role: string
          body: string
          client_id?: string | null
          created_at?: string
          id?: string
          ticket_id: string
        }
        Update: {
          author_id?: string | null
          author_role?: string
          body?: string
          client_id?: string | null
          created_at?: string
          id?: string
          ticket_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "ticket_messages_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "ticket_messages_ticket_id_fkey"
            columns: ["ticket_id"]
            isOneToOne: false
            referencedRelation: "tickets"
            referencedColumns: ["id"]
          },
        ]
      }
      tickets: {
        Row: {
          client_id: string | null
          created_at: string
          id: string
          kind: string
          last_replied_by: string | null
          listing_id: string | null
          reporter_email: string
          status: string
          subject: string
          updated_at: string
          user_id: string | null
        }
        Insert: {
          client_id?: string | null
          created_at?: string
          id?: string
          kind?: string
          last_replied_by?: string | null
          listing_id?: string | null
          reporter_email: string
          status?: string
          subject: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          client_id?: string | null
          created_at?: string
          id?: string
          kind?: string
          last_replied_by?: string | null
          listing_id?: string | null
          reporter_email?: string
          status?: string
          subject?: string
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "tickets_listing_id_fkey"
            columns: ["listing_id"]
            isOneToOne: false
            referencedRelation: "listings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tickets_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      upheld_reports: {
        Row: {
          decided_at: string
          decided_by: string | null
          listing_id: string | null
          listing_title: string
          owner_id: string
          reason: string
          report_id: string
          reported_at: string
        }
        Insert: {
          decided_at: string
          decided_by?: string | null
          listing_id?: string | null
          listing_title: string
          owner_id: string
          reason: string
          report_id: string
          reported_at: string
        }
        Update: {
          decided_at?: string
          decided_by?: string | null
          listing_id?: string | null
          listing_title?: string
          owner_id?: string
          reason?: string
          report_id?: string
          reported_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "upheld_reports_decided_by_fkey"
            columns: ["decided_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "upheld_reports_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      used_coupons: {
        Row: {
          coupon_id: string
          used_at: string
          user_id: string
        }
        Insert: {
          coupon_id: string
          used_at?: string
          user_id: string
        }
        Update: {
          coupon_id?: string
          used_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "used_coupons_coupon_id_fkey"
            columns: ["coupon_id"]
            isOneToOne: false
            referencedRelation: "coupons"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "used_coupons_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      user_coupons: {
        Row: {
          applied_at: string
          consumed_at: string | null
          coupon_id: string
          id: string
          reserved_for: string | null
          user_id: string
        }
        Insert: {
          applied_at?: string
          consumed_at?: string | null
          coupon_id: string
          id?: string
          reserved_for?: string | null
          user_id: string
        }
        Update: {
          applied_at?: string
          consumed_at?: string | null
          coupon_id?: string
          id?: string
          reserved_for?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_coupons_coupon_id_fkey"
            columns: ["coupon_id"]
            isOneToOne: false
            referencedRelation: "coupons"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "user_coupons_reserved_for_fkey"
            columns: ["reserved_for"]
            isOneToOne: false
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "user_coupons_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      add_listing_photo: {
        Args: {
          p_listing_id: string
          p_original_path: string
          p_placeholder?: string
          p_renditions?: string
          p_storage_path: string
          p_user_id: string
        }
        Returns: {
          avif: boolean
          created_at: string
          id: string
          is_primary: boolean
          listing_id: string
          placeholder: string | null
          renditions: string | null
          storage_path: string | null
          url: string
        }
        SetofOptions: {
          from: "*"
          to: "listing_photos"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_adjust_credits: {
        Args: { p_amount: number; p_reason: string; p_user_id: string }
        Returns: number
      }
      admin_delete_listing: {
        Args: { p_listing_id: string; p_reason?: string }
        Returns: boolean
      }
      admin_overview: { Args: { p_days?: number }; Returns: Json }
      admin_search_users: {
        Args: { p_limit?: number; p_offset?: number; p_query?: string }
        Returns: {
          created_at: string
          credits: number
          display_name: string
          email: string
          id: string
          listings_count: number
          role: string
          tickets_count: number
          total_count: number
        }[]
      }
      admin_set_banned: {
        Args: { p_banned: boolean; p_reason?: string; p_user_id: string }
        Returns: {
          accepted_terms_at: string | null
          age_confirmed_at: string | null
          created_at: string
          credits: number
          display_name: string | null
          email: string | null
          id: string
          phone: string | null
          push_enabled: boolean
          referral_code: string
          referred_by: string | null
          role: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "profiles"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_set_role: {
        Args: { p_role: string; p_user_id: string }
        Returns: {
          accepted_terms_at: string | null
          age_confirmed_at: string | null
          created_at: string
          credits: number
          display_name: string | null
          email: string | null
          id: string
          phone: string | null
          push_enabled: boolean
          referral_code: string
          referred_by: string | null
          role: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "profiles"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      apply_coupon: { Args: { p_code: string }; Returns: Json }
      attach_verification_selfie: {
        Args: { p_path: string; p_user_id: string; p_verification_id: string }
        Returns: {
          code: string
          code_expires_at: string
          created_at: string
          decided_at: string | null
          decided_by: string | null
          gesture: string
          id: string
          listing_id: string
          photo_keys: string[] | null
          reason: string | null
          selfie_path: string | null
          status: string
          submitted_at: string | null
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "photo_verifications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      cancel_scheduled_promotion: {
        Args: { p_listing_id: string }
        Returns: Json
      }
      complete_storage_deletions: {
        Args: { p_bucket_id: string; p_names: string[] }
        Returns: number
      }
      create_listing: {
        Args: {
          p_age: number
          p_availability_for?: string[]
          p_body_type?: string[]
          p_breast_type?: string[]
          p_category: string
          p_city: string
          p_creation_key?: string
          p_description: string
          p_ethnicity?: string[]
          p_eye_color?: string[]
          p_hair_color?: string[]
          p_hourly_rate?: number
          p_meeting_location?: string[]
          p_meeting_type?: string[]
          p_nationality?: string[]
          p_offered_services?: string[]
          p_title: string
          p_zone?: string
        }
        Returns: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        SetofOptions: {
          from: "*"
          to: "listings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_ticket: {
        Args: {
          p_client_id?: string
          p_listing_id?: string
          p_message: string
          p_sender_email: string
          p_subject?: string
        }
        Returns: {
          client_id: string | null
          created_at: string
          id: string
          kind: string
          last_replied_by: string | null
          listing_id: string | null
          reporter_email: string
          status: string
          subject: string
          updated_at: string
          user_id: string | null
        }
        SetofOptions: {
          from: "*"
          to: "tickets"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      current_role_is_admin: {
        Args: Record<PropertyKey, never>
        Returns: boolean
      }
      current_role_is_staff: {
        Args: Record<PropertyKey, never>
        Returns: boolean
      }
      current_user_can_write: {
        Args: Record<PropertyKey, never>
        Returns: boolean
      }
      current_user_role: { Args: Record<PropertyKey, never>; Returns: string }
      decide_listing_review: {
        Args: { p_approve: boolean; p_listing_id: string; p_reason?: string }
        Returns: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        SetofOptions: {
          from: "*"
          to: "listings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      decide_photo_verification: {
        Args: {
          p_approve: boolean
          p_reason?: string
          p_verification_id: string
        }
        Returns: {
          code: string
          code_expires_at: string
          created_at: string
          decided_at: string | null
          decided_by: string | null
          gesture: string
          id: string
          listing_id: string
          photo_keys: string[] | null
          reason: string | null
          selfie_path: string | null
          status: string
          submitted_at: string | null
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "photo_verifications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      delete_my_account: {
        Args: Record<PropertyKey, never>
        Returns: undefined
      }
      dismiss_report: {
        Args: { p_reason?: string; p_report_id: string }
        Returns: {
          client_id: string | null
          created_at: string
          details: string | null
          id: string
          listing_id: string
          reason: string
          reporter_email: string | null
          reporter_id: string | null
          reviewed_at: string | null
          reviewed_by: string | null
          status: string
          urgent: boolean | null
        }
        SetofOptions: {
          from: "*"
          to: "listing_reports"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      end_expired_promotions: { Args: { p_now?: string }; Returns: number }
      expire_listings: { Args: { p_now?: string }; Returns: number }
      expire_photo_verifications: { Args: { p_now?: string }; Returns: number }
      expire_purchase_orders: { Args: { p_now?: string }; Returns: number }
      export_my_data: { Args: Record<PropertyKey, never>; Returns: Json }
      fail_photo_moves: {
        Args: { p_error: string; p_listing_ids: string[] }
        Returns: number
      }
      fail_storage_deletions: {
        Args: { p_bucket_id: string; p_error: string; p_names: string[] }
        Returns: number
      }
      favourite_listings: { Args: { p_ids: string[] }; Returns: Json }
      file_appeal: {
        Args: { p_message: string }
        Returns: {
          client_id: string | null
          created_at: string
          id: string
          kind: string
          last_replied_by: string | null
          listing_id: string | null
          reporter_email: string
          status: string
          subject: string
          updated_at: string
          user_id: string | null
        }
        SetofOptions: {
          from: "*"
          to: "tickets"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      fulfil_credit_purchase: {
        Args: {
          p_amount_cents?: number
          p_coupon_id?: string
          p_package_id: string
          p_provider: string
          p_provider_reference: string
          p_user_id: string
        }
        Returns: Json
      }
      listing_detail: { Args: { p_id: string }; Returns: Json }
      listing_photo_upload_target: {
        Args: { p_listing_id: string; p_photo_id?: string }
        Returns: Json
      }
      listing_private_fields: {
        Args: { p_ids: string[] }
        Returns: {
          auto_renew: boolean
          creation_key: string
          id: string
          paused_at: string
          promotion_credits_paid: number
          promotion_expiry_added: string
          remaining_expires_at_duration: string
          remaining_promotion_duration: string
          review_submitted_at: string
          updated_at: string
        }[]
      }
      listing_rules: { Args: Record<PropertyKey, never>; Returns: Json }
      mark_notifications_read: {
        Args: { p_ids?: string[]; p_up_to?: string }
        Returns: number
      }
      night_bump_slot_start: { Args: { p_now?: string }; Returns: string }
      notify_expiring_listings: { Args: { p_now?: string }; Returns: number }
      pause_listing: {
        Args: { p_listing_id: string }
        Returns: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        SetofOptions: {
          from: "*"
          to: "listings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      pending_photo_moves: {
        Args: { p_limit?: number }
        Returns: {
          from_bucket: string
          listing_id: string
          name: string
          to_bucket: string
        }[]
      }
      pending_storage_deletions: {
        Args: { p_limit?: number }
        Returns: {
          bucket_id: string
          name: string
        }[]
      }
      promote_listing: {
        Args: {
          p_days: number
          p_listing_id: string
          p_mode: string
          p_start_at?: string
        }
        Returns: Json
      }
      queue_orphan_storage_files: { Args: { p_now?: string }; Returns: number }
      quote_credit_package: { Args: { p_package_id: string }; Returns: Json }
      record_app_install: {
        Args: { p_device: string; p_platform: string }
        Returns: boolean
      }
      record_listing_events: {
        Args: { p_batch?: string; p_device: string; p_events: Json }
        Returns: number
      }
      record_photo_hash: {
        Args: { p_hashes: Json; p_photo_id: string }
        Returns: Json
      }
      reject_payment_postback: {
        Args: {
          p_client?: string
          p_outcome: string
          p_params: Json
          p_provider: string
        }
        Returns: boolean
      }
      renew_listing: {
        Args: { p_listing_id: string }
        Returns: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        SetofOptions: {
          from: "*"
          to: "listings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reopen_listing_review: {
        Args: { p_listing_id: string; p_reason?: string }
        Returns: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        SetofOptions: {
          from: "*"
          to: "listings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      replace_listing_photo_crop: {
        Args: {
          p_photo_id: string
          p_placeholder?: string
          p_renditions?: string
          p_storage_path: string
          p_user_id: string
        }
        Returns: {
          avif: boolean
          created_at: string
          id: string
          is_primary: boolean
          listing_id: string
          placeholder: string | null
          renditions: string | null
          storage_path: string | null
          url: string
        }
        SetofOptions: {
          from: "*"
          to: "listing_photos"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reply_ticket: {
        Args: { p_body: string; p_client_id?: string; p_ticket_id: string }
        Returns: {
          author_id: string | null
          author_role: string
          body: string
          client_id: string | null
          created_at: string
          id: string
          ticket_id: string
        }
        SetofOptions: {
          from: "*"
          to: "ticket_messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      report_listing: {
        Args: {
          p_client_id?: string
          p_details?: string
          p_device?: string
          p_email?: string
          p_listing_id: string
          p_reason: string
        }
        Returns: string
      }
      request_photo_verification: {
        Args: { p_listing_id: string }
        Returns: {
          code: string
          code_expires_at: string
          created_at: string
          decided_at: string | null
          decided_by: string | null
          gesture: string
          id: string
          listing_id: string
          photo_keys: string[] | null
          reason: string | null
          selfie_path: string | null
          status: string
          submitted_at: string | null
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "photo_verifications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reset_listing_promotion: {
        Args: { p_listing_id: string }
        Returns: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        SetofOptions: {
          from: "*"
          to: "listings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      resume_listing: {
        Args: { p_listing_id: string }
        Returns: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        SetofOptions: {
          from: "*"
          to: "listings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      review_queue: { Args: Record<PropertyKey, never>; Returns: Json }
      roll_listing_stats: { Args: { p_now?: string }; Returns: number }
      run_promotion_bumps: { Args: { p_now?: string }; Returns: number }
      run_saved_search_alerts: { Args: { p_now?: string }; Returns: number }
      saved_searches_matching: {
        Args: { p_listing_id: string }
        Returns: string[]
      }
      screen_listing_text: {
        Args: {
          p_city?: string
          p_description: string
          p_title: string
          p_zone?: string
        }
        Returns: Json
      }
      search_listings: {
        Args: {
          p_after_id?: string
          p_after_promoted?: boolean
          p_after_rank?: string
          p_age_max?: number
          p_age_min?: number
          p_availability_for?: string[]
          p_available_now?: boolean
          p_body_type?: string[]
          p_breast_type?: string[]
          p_category?: string
          p_city?: string
          p_ethnicity?: string[]
          p_eye_color?: string[]
          p_hair_color?: string[]
          p_limit?: number
          p_meeting_location?: string[]
          p_meeting_type?: string[]
          p_nationality?: string[]
          p_offered_services?: string[]
          p_query?: string
          p_rate_max?: number
          p_rate_min?: number
          p_verified_only?: boolean
          p_zone?: string
        }
        Returns: {
          age: number
          availability_for: string[]
          available_until: string
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          photos: Json
          photos_verified_at: string
          promoted: boolean
          promotion_end_at: string
          promotion_mode: string
          promotion_start_at: string
          rank_at: string
          slug: string
          title: string
          user_id: string
          zone: string
        }[]
      }
      search_listings_count: {
        Args: {
          p_age_max?: number
          p_age_min?: number
          p_availability_for?: string[]
          p_available_now?: boolean
          p_body_type?: string[]
          p_breast_type?: string[]
          p_category?: string
          p_city?: string
          p_ethnicity?: string[]
          p_eye_color?: string[]
          p_hair_color?: string[]
          p_meeting_location?: string[]
          p_meeting_type?: string[]
          p_nationality?: string[]
          p_offered_services?: string[]
          p_query?: string
          p_rate_max?: number
          p_rate_min?: number
          p_verified_only?: boolean
          p_zone?: string
        }
        Returns: number
      }
      set_auto_renew: {
        Args: { p_listing_id: string; p_on: boolean }
        Returns: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        SetofOptions: {
          from: "*"
          to: "listings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_available_now: {
        Args: { p_listing_id: string; p_on: boolean }
        Returns: {
          age: number
          auto_renew: boolean
          availability_for: string[]
          available_until: string | null
          body_type: string[]
          breast_type: string[]
          category: string
          city: string
          created_at: string
          creation_key: string | null
          description: string
          ethnicity: string[]
          expires_at: string
          eye_color: string[]
          hair_color: string[]
          hourly_rate: number | null
          id: string
          is_paused: boolean
          is_premium: boolean
          last_bumped_at: string | null
          meeting_location: string[]
          meeting_type: string[]
          nationality: string[]
          offered_services: string[]
          paused_at: string | null
          photos_verified_at: string | null
          promotion_credits_paid: number | null
          promotion_end_at: string | null
          promotion_expiry_added: string | null
          promotion_mode: string | null
          promotion_start_at: string | null
          remaining_expires_at_duration: string | null
          remaining_promotion_duration: string | null
          review_status: string
          review_submitted_at: string | null
          search: unknown
          slug: string
          title: string
          updated_at: string
          user_id: string
          zone: string | null
        }
        SetofOptions: {
          from: "*"
          to: "listings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_ticket_status: {
        Args: { p_status: string; p_ticket_id: string }
        Returns: {
          client_id: string | null
          created_at: string
          id: string
          kind: string
          last_replied_by: string | null
          listing_id: string | null
          reporter_email: string
          status: string
          subject: string
          updated_at: string
          user_id: string | null
        }
        SetofOptions: {
          from: "*"
          to: "tickets"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      settle_credit_purchase: {
        Args: {
          p_amount_cents: number
          p_client?: string
          p_currency: string
          p_params?: Json
          p_provider: string
          p_reference: string
          p_result: string
          p_sale_id: string
        }
        Returns: Json
      }
      slugify_listing: {
        Args: { p_city: string; p_title: string }
        Returns: string
      }
      start_credit_purchase: { Args: { p_package_id: string }; Returns: Json }
      verification_selfie_upload_target: {
        Args: { p_verification_id: string }
        Returns: Json
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
